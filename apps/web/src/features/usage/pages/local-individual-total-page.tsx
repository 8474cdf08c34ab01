import { Loader, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import {
  formatChargedMinutes,
  formatChargedUsage,
  formatMoney,
  formatUsage,
  pathFor,
  type RouteDef,
} from '@selfcare/domain';
import type { Balances, UsageKind, UsageLine } from '@selfcare/domain/contracts/usage';
import { useId } from 'react';
import { DetailsList } from '../../../components/ui/details-list.tsx';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { formatSg } from '../../../lib/sg-date.ts';
import { useUsageSummary } from '../api/get-summary.ts';
import { BalanceCard, LineCard, sharedRows } from '../components/balance-card.tsx';
import { OneLinePage } from '../components/balances-page.tsx';
import { DailyUsage } from '../components/daily-usage.tsx';
import { thisMonth } from '../components/records-filter.tsx';
import { StaleNotice } from '../components/stale-notice.tsx';
import '../texts.ts';

/**
 * The line's local use from the 1st to `today` (the portal's): data, talk time both ways, SMS, and
 * what was charged.
 */
function MonthTotals({ line, today }: { line: UsageLine; today: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const period = thisMonth(today);
  const summary = useUsageSummary({ scope: 'local', ...period, line: line.id });
  let body: React.ReactNode;
  if (summary.isPending) body = <Loader role="status" aria-label={t('common.loading')} />;
  else if (summary.isError) body = <FormError message={summary.error.message} />;
  else {
    const rows = summary.data.rows.filter((r) => r.lineId === line.id);
    const sum = (kind: UsageKind, of: 'volume' | 'minutes' = 'volume') =>
      rows.filter((r) => r.kind === kind).reduce((s, r) => s + Math.max(0, r[of]), 0);
    const charges = rows.reduce((s, r) => s + r.chargeCents, 0);
    body = (
      <DetailsList
        rows={[
          [t('usage.individual.data'), formatChargedUsage(sum('data'), 'BYTES')],
          // The minutes each call was charged, as its records list them.
          [t('usage.individual.voice'), formatChargedMinutes(sum('voice', 'minutes'))],
          [t('usage.individual.sms'), formatUsage(sum('sms'), 'EVENTS')],
          [t('usage.individual.charges'), formatMoney(charges)],
        ]}
      />
    );
  }
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {t('usage.individual.monthTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('usage.individual.monthPeriod', {
          from: formatSg(period.from, 'day'),
          to: formatSg(period.to, 'day'),
        })}
      </Text>
      {body}
    </Paper>
  );
}

function LineTotals({ balances, line }: { balances: Balances; line: UsageLine }) {
  const { t } = useTranslation();
  const local = balances.buckets.filter((b) => b.scope === 'local');
  const shared = local.filter((b) => b.lineId === null);
  return (
    <>
      <StaleNotice balances={balances} />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <LineCard
          line={line}
          buckets={local.filter((b) => b.lineId === line.id)}
          sharedKinds={new Set(shared.map((b) => b.kind))}
        >
          <Text mt="md">
            <Link to={pathFor('localIndividualDetail', { id: line.id })}>
              {t('usage.individual.records')}
            </Link>
          </Text>
        </LineCard>
        {shared.length > 0 && <BalanceCard heading={t('usage.shared')} rows={sharedRows(shared, t)} />}
      </SimpleGrid>
      <MonthTotals line={line} today={balances.today} />
      <DailyUsage lines={[line]} line={line.id} />
    </>
  );
}

/** /dashboard/localIndividual/{id}/total: one line's buckets, this month's totals and its daily use. */
export default function LocalIndividualTotalPage({ route }: { route: RouteDef }) {
  return (
    <OneLinePage route={route}>
      {(balances, line) => <LineTotals key={line.id} balances={balances} line={line} />}
    </OneLinePage>
  );
}
