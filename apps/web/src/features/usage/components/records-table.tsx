import { Button, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { formatChargedUsage, formatMoney } from '@selfcare/domain';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatSg } from '../../../lib/sg-date.ts';
import { type RecordsFilter, useUsageRecords } from '../api/get-records.ts';
import { countryName, phone, recordType } from '../format.ts';
import '../texts.ts';

/** The records of `filter`, newest first, a page at a time. */
export function RecordsTable({ filter }: { filter: RecordsFilter }) {
  const { t } = useTranslation();
  const records = useUsageRecords(filter);
  if (records.isPending) return <Loader role="status" aria-label={t('common.loading')} />;
  if (!records.data) return <FormError message={records.error?.message ?? null} />;
  const items = records.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <Text>{t('usage.records.none')}</Text>;
  return (
    <Paper withBorder radius="md" p="md">
      {/* Each record stacks on a phone, its fields one under another (app.css .stack-table). */}
      <Table className="stack-table">
        <Table.Caption>
          {t('usage.records.caption', {
            from: formatSg(filter.from, 'day'),
            to: formatSg(filter.to, 'day'),
          })}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('usage.records.when')}</Table.Th>
            <Table.Th scope="col">{t('usage.records.number')}</Table.Th>
            <Table.Th scope="col">{t('usage.records.type')}</Table.Th>
            <Table.Th scope="col">{t('usage.records.where')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('usage.records.amount')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('usage.records.outOfBundle')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('usage.records.charge')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td data-label={t('usage.records.when')}>{formatSg(r.startedAt, 'moment')}</Table.Td>
              <Table.Td data-label={t('usage.records.number')}>{phone(r.msisdn)}</Table.Td>
              <Table.Td data-label={t('usage.records.type')}>{recordType(r)}</Table.Td>
              <Table.Td data-label={t('usage.records.where')}>{countryName(r.country)}</Table.Td>
              <Table.Td className="num" data-label={t('usage.records.amount')}>
                {formatChargedUsage(r.volume, r.unit)}
              </Table.Td>
              <Table.Td className="num" data-label={t('usage.records.outOfBundle')}>
                {formatChargedUsage(r.outOfBundle, r.unit)}
              </Table.Td>
              <Table.Td className="num" data-label={t('usage.records.charge')}>
                {formatMoney(r.chargeCents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {records.isFetchNextPageError && <FormError message={records.error?.message ?? null} />}
      {records.hasNextPage && (
        <Group mt="md">
          <Button
            variant="outline"
            loading={records.isFetchingNextPage}
            onClick={() => void records.fetchNextPage()}
          >
            {t('usage.records.more')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
