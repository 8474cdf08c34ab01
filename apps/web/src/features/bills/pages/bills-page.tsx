import { Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatMoney, pathFor, type RouteDef } from '@selfcare/domain';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useSearchParams } from '../../../lib/router.tsx';
import { useBills } from '../api/get-bills.ts';
import { BillDetailPanel } from '../components/bill-detail.tsx';
import { BillStatusBadge } from '../components/bill-status.tsx';
import { CardPurchases } from '../components/card-purchases.tsx';
import { SavedCard } from '../components/saved-card.tsx';
import '../texts.ts';
import { pageTitle } from '../../../lib/route-texts.ts';
import { formatBillMonth } from '../../../lib/sg-date.ts';

/**
 * /bills: the latest bills (the spec's last N), the one chosen (the newest by default) in full, and
 * the card purchases and refunds made outside the bills.
 */
export default function BillsPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const bills = useBills();
  const [params] = useSearchParams();
  const heading = (
    <Title order={1} size="h2">
      {pageTitle(route)}
    </Title>
  );
  if (bills.isPending)
    return (
      <Stack>
        {heading}
        <Loader role="status" aria-label={t('common.loading')} />
      </Stack>
    );
  if (bills.isError)
    return (
      <Stack>
        {heading}
        <FormError message={bills.error.message} />
      </Stack>
    );
  const list = bills.data.bills;
  const chosen = list.find((b) => b.id === params.get('bill')) ?? list[0];
  return (
    <Stack>
      {heading}
      <SavedCard card={bills.data.card} />
      {list.length === 0 ? (
        <Text>{t('bills.none')}</Text>
      ) : (
        <>
          <Paper withBorder radius="md" p="md">
            <Text size="sm" c="dimmed" mb="xs">
              {t('bills.shown')}
            </Text>
            <Table highlightOnHover className="stack-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('bills.month')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('bills.amount')}
                  </Table.Th>
                  <Table.Th scope="col">{t('bills.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((b) => {
                  const month = formatBillMonth(b.month);
                  return (
                    <Table.Tr key={b.id} aria-current={b.id === chosen?.id ? 'true' : undefined}>
                      <Table.Td data-label={t('bills.month')}>
                        <Link
                          to={`${pathFor('bills')}?bill=${b.id}`}
                          replace
                          aria-label={t('bills.view', { month })}
                          style={b.id === chosen?.id ? { fontWeight: 700 } : undefined}
                        >
                          {month}
                        </Link>
                      </Table.Td>
                      <Table.Td className="num" data-label={t('bills.amount')}>
                        {formatMoney(b.totalCents)}
                      </Table.Td>
                      <Table.Td data-label={t('bills.status')}>
                        <BillStatusBadge status={b.status} overdue={b.overdue} />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Paper>
          {chosen && <BillDetailPanel id={chosen.id} card={bills.data.card} />}
        </>
      )}
      <CardPurchases payments={bills.data.payments} />
    </Stack>
  );
}
