import { Badge, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { CustomerStatus, formatMoney, formatSgMobile, pathFor } from '@selfcare/domain';
import type { AccountSummary } from '@selfcare/domain/contracts/account';
import { DetailsList } from '../../../components/ui/details-list.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { OrderAgain, OrderOutcomeNotice } from '../../../components/ui/order-outcome.tsx';
import { CustomerOrderStatusBadge } from '../../../components/ui/order-status.tsx';
import { ProgressTimeline } from '../../../components/ui/progress-timeline.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, Navigate } from '../../../lib/router.tsx';
import { formatSg } from '../../../lib/sg-date.ts';
import { useAccount } from '../api/get-account.ts';
import '../texts.ts';

export default function MyAccountPage() {
  const { t } = useTranslation();
  const account = useAccount();
  if (account.isPending) return <Loader role="status" aria-label={t('common.loading')} />;
  if (account.isError) return <FormError message={account.error.message} />;
  const { user, memberSince, sublines, orders, latestTimeline, progress, latestOutcome } = account.data;
  // Status 0 may open this page to read a past order (ADR 0019); with none, the wizard is where to be.
  if (user.status === CustomerStatus.New && orders.length === 0)
    return <Navigate to={pathFor(user.roadshow ? 'getStartedNoBill' : 'getStarted')} replace />;
  const latest = orders[0];
  const rows: [string, string][] = [
    [t('account.name'), user.name],
    [t('account.email'), user.email ?? '—'],
    [t('account.phone'), user.phoneNumber ? `+65 ${formatSgMobile(user.phoneNumber)}` : '—'],
    [t('account.memberSince'), formatSg(memberSince, 'day')],
    [t('account.status'), t(`account.statuses.${user.status}`, { defaultValue: String(user.status) })],
  ];
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('account.title')}
      </Title>
      {latest && latestOutcome && (
        <OrderOutcomeNotice order={latest} outcome={latestOutcome} link>
          {user.status === CustomerStatus.New && <OrderAgain roadshow={user.roadshow} />}
        </OrderOutcomeNotice>
      )}
      {progress && !progress.ended && <OrderProgress progress={progress} />}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('account.details')}
          </Title>
          <DetailsList rows={rows} />
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('account.lines')}
          </Title>
          {sublines.length === 0 ? (
            <Text c="dimmed">{t('account.noLines')}</Text>
          ) : (
            <Table>
              <Table.Tbody>
                {sublines.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td>{s.phoneNumber ? `+65 ${formatSgMobile(s.phoneNumber)}` : '—'}</Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        {/* Whole at any width: a flex item may otherwise shrink its label to "ACTI…". */}
                        <Badge color={s.activated ? 'teal.9' : 'gray.7'} tt="none" style={{ flexShrink: 0 }}>
                          {s.activated ? t('account.lineActive') : t('account.linePending')}
                        </Badge>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <Title order={2} size="h4" mb="sm">
            {t('account.orders')}
          </Title>
          {orders.length === 0 ? (
            <Text c="dimmed">{t('account.noOrders')}</Text>
          ) : (
            <Table>
              <Table.Tbody>
                {orders.slice(0, 3).map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td>
                      <Link to={pathFor('orderDetail', { id: o.id })}>{o.orderNumber}</Link>
                    </Table.Td>
                    <Table.Td>{formatSg(o.createdAt, 'day')}</Table.Td>
                    <Table.Td>{formatMoney(o.totalCents)}</Table.Td>
                    <Table.Td>
                      <CustomerOrderStatusBadge status={o.status} kind={o.kind} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {latestTimeline.length > 0 && (
            <>
              <Title order={3} size="h5" mt="md" mb="xs">
                {t('account.progress')}
              </Title>
              <ProgressTimeline steps={latestTimeline} />
            </>
          )}
          {orders.length > 0 && (
            <Text mt="sm">
              <Link to={pathFor('orders')}>{t('account.allOrders')}</Link>
            </Text>
          )}
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

const NEXT_STEP_PATH: Record<string, string> = {
  'upload-documents': pathFor('uploadID'),
  'activate-online': pathFor('activeSimOnline'),
  'submit-port': pathFor('numberPort'),
  'fix-port': pathFor('numberPort'),
};

/** The latest order's milestones, the customer's next steps and the admin-fee deadline. */
function OrderProgress({ progress }: { progress: NonNullable<AccountSummary['progress']> }) {
  const { t } = useTranslation();
  const fee = formatMoney(progress.adminFee.amountCents);
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="order-progress">
      <Title order={2} size="h4" mb="sm" id="order-progress">
        {t('account.steps.title')}
      </Title>
      <ol className="milestones">
        {progress.steps.map((s) => (
          <li key={s.key} data-done={s.done}>
            <span aria-hidden="true">{s.done ? '✓' : '○'}</span> {t(`account.steps.${s.key}`)}
            <span className="visually-hidden">
              : {s.done ? t('account.steps.done') : t('account.steps.todo')}
            </span>
          </li>
        ))}
      </ol>
      {progress.next.length > 0 && (
        <>
          <Title order={3} size="h5" mt="md" mb="xs">
            {t('account.next.title')}
          </Title>
          <ul>
            {progress.next.map((n) => (
              <li key={n}>
                <Link to={NEXT_STEP_PATH[n] ?? pathFor('dashboard')}>{t(`account.next.${n}`)}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {progress.adminFee.deadline && (
        <Text mt="sm">
          {t('account.adminFeeDeadline', {
            date: formatSg(progress.adminFee.deadline, 'day'),
            amount: fee,
          })}
        </Text>
      )}
      {progress.adminFee.charged && <Text mt="sm">{t('account.adminFeeCharged', { amount: fee })}</Text>}
    </Paper>
  );
}
