import { Text } from '@mantine/core';
import { pathFor, type RouteDef } from '@selfcare/domain';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { BalancesPage } from '../components/balances-page.tsx';
import { RecordsPeriod } from '../components/records-filter.tsx';
import { RecordsTable } from '../components/records-table.tsx';
import '../texts.ts';

const LOCAL = { scope: 'local' } as const;

/** /dashboard/local/detail: the usage records of the user's lines, filtered, a page at a time, and as CSV. */
export default function LocalDetailPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  return (
    <BalancesPage
      route={route}
      after={() => (
        <Text>
          <Link to={pathFor('local')}>{t('usage.records.back')}</Link>
        </Text>
      )}
    >
      {(balances) => (
        // Local use: IDD and roaming have their own pages.
        <RecordsPeriod fixed={LOCAL} lines={balances.lines} today={balances.today}>
          {(filter) => <RecordsTable filter={filter} />}
        </RecordsPeriod>
      )}
    </BalancesPage>
  );
}
