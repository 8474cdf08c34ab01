import { Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  CustomerStatus,
  formatMoney,
  formatSgMobile,
  type RouteDef,
  SUB_LINE_PAYMENT,
  TypeSim,
} from '@selfcare/domain';
import { DELIVERY_METHOD_LABELS } from '@selfcare/domain/fulfilment';
import { formatAddress } from '@selfcare/domain/order';
import { FormError } from '../../../components/ui/form-error.tsx';
import { OrderAgain, OrderOutcomeNotice } from '../../../components/ui/order-outcome.tsx';
import { CustomerOrderStatusBadge } from '../../../components/ui/order-status.tsx';
import { ProgressTimeline } from '../../../components/ui/progress-timeline.tsx';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { useParams } from '../../../lib/router.tsx';
import { useSession } from '../../../lib/session.ts';
import { formatSg } from '../../../lib/sg-date.ts';
import { useOrder } from '../api/get-order.ts';
import '../texts.ts';

export default function OrderDetailPage(_: { route: RouteDef }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const order = useOrder(id);
  const { user } = useSession();
  if (order.isPending) return <Loader role="status" aria-label={t('common.loading')} />;
  if (order.isError) return <FormError message={order.error.message} />;
  const o = order.data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('orders.detailTitle', { number: o.orderNumber })}
        </Title>
        <CustomerOrderStatusBadge status={o.status} kind={o.kind} />
      </Group>
      <Text c="dimmed">{t('orders.placedOn', { date: formatSg(o.createdAt, 'day') })}</Text>
      {o.outcome && (
        <OrderOutcomeNotice order={o} outcome={o.outcome}>
          {user?.status === CustomerStatus.New && <OrderAgain roadshow={user.roadshow} />}
        </OrderOutcomeNotice>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('orders.lines')}
          </Title>
          <Table>
            <Table.Tbody>
              {o.lines.map((l) => (
                <Table.Tr key={l.position}>
                  <Table.Td>{l.label}</Table.Td>
                  <Table.Td>{l.planName}</Table.Td>
                  <Table.Td>{formatSgMobile(l.msisdn)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={2} size="h4" my="sm">
            {t('orders.delivery')}
          </Title>
          <Table>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">{t('orders.simType')}</Table.Th>
                <Table.Td>{o.typeSim === TypeSim.ESim ? t('orders.esim') : t('orders.physical')}</Table.Td>
              </Table.Tr>
              {o.deliveryMethod !== null && (
                <Table.Tr>
                  <Table.Th scope="row">{t('orders.deliveryMethod')}</Table.Th>
                  <Table.Td>
                    {tm(DELIVERY_METHOD_LABELS[o.deliveryMethod] ?? '')}
                    {o.deliveryDate && `, ${formatSg(o.deliveryDate, 'weekday')}`}
                  </Table.Td>
                </Table.Tr>
              )}
              {o.deliveryAddress && (
                <Table.Tr>
                  <Table.Th scope="row">{t('orders.deliveryAddress')}</Table.Th>
                  <Table.Td>{formatAddress(o.deliveryAddress)}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Th scope="row">{t('orders.billingAddress')}</Table.Th>
                <Table.Td>{formatAddress(o.billingAddress)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Title order={2} size="h4" my="sm">
            {t('orders.charges')}
          </Title>
          <Table>
            <Table.Tbody>
              {o.quote.items.map((i) => (
                <Table.Tr key={`${i.kind}-${i.label}`}>
                  <Table.Td>{tm(i.label)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(i.amountCents)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row">{t('orders.total')}</Table.Th>
                <Table.Td ta="right" fw={700}>
                  {formatMoney(o.quote.totalCents)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('orders.gst', { percent: o.quote.gstPercent })}</Table.Td>
                <Table.Td ta="right">{formatMoney(o.quote.gstCents)}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          {o.kind === 'sub-line' && (
            <Text size="sm" mt="xs">
              {tm(SUB_LINE_PAYMENT.customer)}
            </Text>
          )}
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('orders.timeline')}
          </Title>
          <ProgressTimeline steps={o.timeline} />
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
