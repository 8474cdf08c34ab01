import { Loader, Stack, Text, Title } from '@mantine/core';
import { formatMoney, type RouteDef } from '@selfcare/domain';
import { useId } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatSg } from '../../../lib/sg-date.ts';
import type { RecordsFilter } from '../api/get-records.ts';
import { useUsageSummary } from '../api/get-summary.ts';
import { BalancesPage } from '../components/balances-page.tsx';
import { byCountry, CountrySummaryTable, totalOf } from '../components/country-summary.tsx';
import { RecordsPeriod } from '../components/records-filter.tsx';
import { RecordsTable } from '../components/records-table.tsx';
import '../texts.ts';

const IDD = { scope: 'idd' } as const;

/** The period's calls and SMS abroad by country and their total charge, then each of them. */
function IddUse({ filter }: { filter: RecordsFilter }) {
  const { t } = useTranslation();
  const headingId = useId();
  const recordsId = useId();
  const summary = useUsageSummary({ scope: 'idd', from: filter.from, to: filter.to, line: filter.line });
  if (summary.isPending) return <Loader role="status" aria-label={t('common.loading')} />;
  if (summary.isError) return <FormError message={summary.error.message} />;
  const { rows } = summary.data;
  if (rows.length === 0) return <Text>{t('usage.international.none')}</Text>;
  const period = { from: formatSg(filter.from, 'day'), to: formatSg(filter.to, 'day') };
  return (
    <>
      <Stack component="section" aria-labelledby={headingId} gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('usage.international.byCountry')}
        </Title>
        <CountrySummaryTable rows={rows} caption={t('usage.international.caption', period)} />
        <Text fw={600}>
          {t('usage.international.totalCharge', { total: formatMoney(totalOf(byCountry(rows)).chargeCents) })}
        </Text>
      </Stack>
      <Stack component="section" aria-labelledby={recordsId} gap="sm">
        <Title order={2} size="h4" id={recordsId}>
          {t('usage.international.records')}
        </Title>
        <RecordsTable filter={filter} />
      </Stack>
    </>
  );
}

/** /dashboard/international: IDD calls and SMS of a period (this month by default), by country and one by one. */
export default function InternationalPage({ route }: { route: RouteDef }) {
  return (
    <BalancesPage route={route}>
      {(balances) => (
        <RecordsPeriod fixed={IDD} lines={balances.lines} today={balances.today}>
          {(filter) => <IddUse filter={filter} />}
        </RecordsPeriod>
      )}
    </BalancesPage>
  );
}
