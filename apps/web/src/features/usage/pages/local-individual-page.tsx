import { Group, SimpleGrid, Text } from '@mantine/core';
import { pathFor, type RouteDef } from '@selfcare/domain';
import type { Balances, UsageKind } from '@selfcare/domain/contracts/usage';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { BalanceCard, LineCard, sharedRows } from '../components/balance-card.tsx';
import { BalancesPage } from '../components/balances-page.tsx';
import { StaleNotice } from '../components/stale-notice.tsx';
import { lineName } from '../format.ts';
import '../texts.ts';

/** Each line's card with what is left of its local bundle and the ways to its records and totals. */
function Lines({ balances }: { balances: Balances }) {
  const { t } = useTranslation();
  const local = balances.buckets.filter((b) => b.scope === 'local');
  const shared = local.filter((b) => b.lineId === null);
  const sharedKinds = new Set<UsageKind>(shared.map((b) => b.kind));
  if (balances.lines.length === 0) return <Text>{t('usage.noLines')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      {balances.lines.map((line) => {
        const name = lineName(line);
        return (
          <LineCard
            key={line.id}
            line={line}
            buckets={local.filter((b) => b.lineId === line.id)}
            sharedKinds={sharedKinds}
          >
            <Group mt="md" gap="lg">
              <Link
                to={pathFor('localIndividualDetail', { id: line.id })}
                aria-label={t('usage.individual.recordsOf', { line: name })}
              >
                {t('usage.individual.records')}
              </Link>
              <Link
                to={pathFor('localIndividualTotal', { id: line.id })}
                aria-label={t('usage.individual.totalsOf', { line: name })}
              >
                {t('usage.individual.totals')}
              </Link>
            </Group>
          </LineCard>
        );
      })}
      {shared.length > 0 && <BalanceCard heading={t('usage.shared')} rows={sharedRows(shared, t)} />}
    </SimpleGrid>
  );
}

/** /dashboard/localIndividual: the user's lines one by one, each with its local use and links to its own pages. */
export default function LocalIndividualPage({ route }: { route: RouteDef }) {
  return (
    <BalancesPage route={route}>
      {(balances) => (
        <>
          <StaleNotice balances={balances} />
          <Lines balances={balances} />
        </>
      )}
    </BalancesPage>
  );
}
