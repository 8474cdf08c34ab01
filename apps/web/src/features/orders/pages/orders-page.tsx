import { Paper, Stack, Table, Title } from '@mantine/core';
import { formatMoney, pathFor, type RouteDef } from '@selfcare/domain';
import { CustomerOrderStatusBadge } from '../../../components/ui/order-status.tsx';
import { QueryList } from '../../../components/ui/query-view.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { formatSg } from '../../../lib/sg-date.ts';
import { useOrders } from '../api/get-orders.ts';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';

export default function OrdersPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const orders = useOrders();
  return (
    <Stack>
      <Title order={1} size="h2">
        {pageTitle(route)}
      </Title>
      <QueryList query={orders} empty={t('orders.none')}>
        {(items) => (
          <Paper withBorder radius="md" p="md">
            {/* Each order stacks on a phone, its fields one under another (app.css .stack-table). */}
            <Table className="stack-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('orders.date')}</Table.Th>
                  <Table.Th scope="col">{t('orders.number')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('orders.amount')}
                  </Table.Th>
                  <Table.Th scope="col">{t('orders.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((o) => (
                  <Table.Tr key={o.id}>
                    <Table.Td data-label={t('orders.date')}>{formatSg(o.createdAt, 'day')}</Table.Td>
                    <Table.Td data-label={t('orders.number')}>
                      <Link to={pathFor('orderDetail', { id: o.id })}>{o.orderNumber}</Link>
                    </Table.Td>
                    <Table.Td className="num" data-label={t('orders.amount')}>
                      {/* An 'Us' line is never paid at a checkout: it is billed with the account. */}
                      {o.kind === 'sub-line' ? t('orders.billedMonthly') : formatMoney(o.totalCents)}
                    </Table.Td>
                    <Table.Td data-label={t('orders.status')}>
                      <CustomerOrderStatusBadge status={o.status} kind={o.kind} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        )}
      </QueryList>
    </Stack>
  );
}
