import { Badge, Paper, Table, Text, Title } from '@mantine/core';
import { formatMoney, formatSgMobile } from '@selfcare/domain';
import type { CardPurchase } from '@selfcare/domain/contracts/bills';
import { useId } from 'react';
import { tm, useTranslation } from '../../../lib/i18n.ts';
import { formatSg } from '../../../lib/sg-date.ts';
import '../texts.ts';

/**
 * The payments made outside the bills: one-time purchases charged at once to the saved card
 * (boosters, top-ups, roaming packs) and the refunds of those that never served. Nothing is shown
 * for an account that made none.
 */
export function CardPurchases({ payments }: { payments: readonly CardPurchase[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (payments.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('bills.purchases.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {t('bills.purchases.intro')}
      </Text>
      {/* Each purchase stacks on a phone, its fields one under another (app.css .stack-table). */}
      <Table className="stack-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('bills.purchases.date')}</Table.Th>
            <Table.Th scope="col">{t('bills.purchases.what')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('bills.amount')}
            </Table.Th>
            <Table.Th scope="col">{t('bills.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td data-label={t('bills.purchases.date')}>{formatSg(p.at, 'day')}</Table.Td>
              <Table.Td data-label={t('bills.purchases.what')}>
                {t('bills.purchases.item', {
                  what: tm(p.description),
                  msisdn: `+65 ${formatSgMobile(p.msisdn)}`,
                })}
                {p.card && (
                  <Text size="xs" c="dimmed">
                    {t(p.kind === 'refund' ? 'bills.purchases.refundedTo' : 'bills.purchases.paidWith', {
                      card: p.card,
                    })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td className="num" data-label={t('bills.amount')}>
                {formatMoney(p.amountCents)}
              </Table.Td>
              <Table.Td data-label={t('bills.status')}>
                <Badge color={p.status === 'paid' ? 'teal.9' : 'gray.7'} tt="none">
                  {t(`bills.purchases.status.${p.status}`)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
