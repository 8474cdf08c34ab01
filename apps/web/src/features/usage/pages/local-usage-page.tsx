import { SimpleGrid, Stack, Text } from '@mantine/core';
import { pathFor, type RouteDef } from '@selfcare/domain';
import type { Balances, UsageKind } from '@selfcare/domain/contracts/usage';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { formatSg } from '../../../lib/sg-date.ts';
import { BalanceCard, LineCard, sharedRows } from '../components/balance-card.tsx';
import { BalancesPage } from '../components/balances-page.tsx';
import { DailyUsage } from '../components/daily-usage.tsx';
import { StaleNotice } from '../components/stale-notice.tsx';
import '../texts.ts';

/** Each line's local buckets (its own first, as the API orders them), then those the lines share. */
function BalancesView({ balances }: { balances: Balances }) {
  const { t } = useTranslation();
  const local = balances.buckets.filter((b) => b.scope === 'local');
  const shared = local.filter((b) => b.lineId === null);
  const sharedKinds = new Set<UsageKind>(shared.map((b) => b.kind));
  return (
    <Stack>
      <StaleNotice balances={balances} />
      <Text>{t('usage.renews', { date: formatSg(balances.renewsAt, 'day') })}</Text>
      {balances.lines.length === 0 ? (
        <Text>{t('usage.noLines')}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {balances.lines.map((line) => (
            <LineCard
              key={line.id}
              line={line}
              buckets={local.filter((b) => b.lineId === line.id)}
              sharedKinds={sharedKinds}
            />
          ))}
          {shared.length > 0 && <BalanceCard heading={t('usage.shared')} rows={sharedRows(shared, t)} />}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** /dashboard/local: what is left of each line's local data, talk time and SMS, and this month's daily use. */
export default function LocalUsagePage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <BalancesPage
      route={route}
      after={(balances) => (
        <>
          <DailyUsage lines={balances?.lines ?? []} />
          <Text>
            <Link to={pathFor('localDetail')}>{t('usage.viewRecords')}</Link>
          </Text>
        </>
      )}
    >
      {(balances) => <BalancesView balances={balances} />}
    </BalancesPage>
  );
}
