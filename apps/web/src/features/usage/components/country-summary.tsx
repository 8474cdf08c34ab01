import { Loader, Paper, Table, Text } from '@mantine/core';
import { formatChargedMinutes, formatChargedUsage, formatMoney, formatUsage } from '@selfcare/domain';
import type { UsageSummary } from '@selfcare/domain/contracts/usage-summary';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { type SummaryFilter, useUsageSummary } from '../api/get-summary.ts';
import { byCountryName, countryName } from '../format.ts';
import '../texts.ts';

/** One country's use: data in bytes, calls and the minutes they were charged, SMS, and what was charged. */
export interface CountryTotals {
  country: string;
  data: number;
  calls: number;
  callMinutes: number;
  sms: number;
  chargeCents: number;
}

const nothing = (country: string): CountryTotals => ({
  country,
  data: 0,
  calls: 0,
  callMinutes: 0,
  sms: 0,
  chargeCents: 0,
});

/** The summary's rows summed per country (whatever the line), by country name. */
export function byCountry(rows: UsageSummary['rows']): CountryTotals[] {
  const countries = new Map<string, CountryTotals>();
  for (const r of rows) {
    const c = countries.get(r.country) ?? nothing(r.country);
    countries.set(r.country, c);
    if (r.kind === 'data') c.data += Math.max(0, r.volume);
    if (r.kind === 'voice') {
      c.calls += Math.max(0, r.events);
      c.callMinutes += Math.max(0, r.minutes);
    }
    if (r.kind === 'sms') c.sms += Math.max(0, r.events);
    c.chargeCents += r.chargeCents;
  }
  return [...countries.values()].sort((a, b) => byCountryName(a.country, b.country));
}

/** Every country's figures added up. */
export const totalOf = (countries: CountryTotals[]): CountryTotals =>
  countries.reduce(
    (sum, c) => ({
      country: '',
      data: sum.data + c.data,
      calls: sum.calls + c.calls,
      callMinutes: sum.callMinutes + c.callMinutes,
      sms: sum.sms + c.sms,
      chargeCents: sum.chargeCents + c.chargeCents,
    }),
    nothing(''),
  );

/** A country's cells: data when asked, calls, call time, SMS and the charge, each with its column's name. */
function Cells({ c, withData }: { c: CountryTotals; withData: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {withData && (
        <Table.Td className="num" data-label={t('usage.summary.data')}>
          {formatChargedUsage(c.data, 'BYTES')}
        </Table.Td>
      )}
      <Table.Td className="num" data-label={t('usage.summary.calls')}>
        {c.calls}
      </Table.Td>
      <Table.Td className="num" data-label={t('usage.summary.minutes')}>
        {formatChargedMinutes(c.callMinutes)}
      </Table.Td>
      <Table.Td className="num" data-label={t('usage.summary.sms')}>
        {formatUsage(c.sms, 'EVENTS')}
      </Table.Td>
      <Table.Td className="num" data-label={t('usage.summary.charge')}>
        {formatMoney(c.chargeCents)}
      </Table.Td>
    </>
  );
}

/** Use by country as a table, with a row of totals; data only where it can be used (roaming). */
export function CountrySummaryTable({
  rows,
  caption,
  withData = false,
}: {
  rows: UsageSummary['rows'];
  caption: string;
  withData?: boolean;
}) {
  const { t } = useTranslation();
  const countries = byCountry(rows);
  const total = totalOf(countries);
  return (
    <Paper withBorder radius="md" p="md">
      {/* Each country stacks on a phone, its figures one under another (app.css .stack-table). */}
      <Table className="stack-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('usage.summary.country')}</Table.Th>
            {withData && (
              <Table.Th scope="col" ta="right">
                {t('usage.summary.data')}
              </Table.Th>
            )}
            <Table.Th scope="col" ta="right">
              {t('usage.summary.calls')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('usage.summary.minutes')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('usage.summary.sms')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('usage.summary.charge')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {countries.map((c) => (
            <Table.Tr key={c.country}>
              <Table.Th scope="row" fw={400} data-label={t('usage.summary.country')}>
                {countryName(c.country)}
              </Table.Th>
              <Cells c={c} withData={withData} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={600}>
            <Table.Th scope="row">{t('usage.summary.total')}</Table.Th>
            <Cells c={total} withData={withData} />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Paper>
  );
}

/** The summary of `filter` by country: a spinner while it loads, its error, `empty` when nothing was used. */
export function CountrySummary({
  filter,
  caption,
  empty,
  withData,
}: {
  filter: SummaryFilter;
  caption: string;
  empty: string;
  withData?: boolean;
}) {
  const { t } = useTranslation();
  const summary = useUsageSummary(filter);
  if (summary.isPending) return <Loader role="status" aria-label={t('common.loading')} />;
  if (summary.isError) return <FormError message={summary.error.message} />;
  if (summary.data.rows.length === 0) return <Text>{empty}</Text>;
  return <CountrySummaryTable rows={summary.data.rows} caption={caption} withData={withData} />;
}
