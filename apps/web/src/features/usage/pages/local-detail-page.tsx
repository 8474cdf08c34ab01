import { Text } from '@mantine/core';
import { pathFor, type RouteDef } from '@selfcare/domain';
import type { Balances } from '@selfcare/domain/contracts/usage';
import { addResources, useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { BalancesPage } from '../components/balances-page.tsx';
import { RecordsFilterForm, thisMonth, useRecordsFilter } from '../components/records-filter.tsx';
import { RecordsTable } from '../components/records-table.tsx';
import { usageEn } from '../locales.ts';

addResources('en', 'usage', usageEn);

const LOCAL = { scope: 'local' } as const;

/** The filter, this month's to begin with (the portal's month), and the records it asks for. */
function LocalRecords({ balances }: { balances: Balances }) {
  // Local use: IDD and roaming have their own pages.
  const [filter, setFilter] = useRecordsFilter(LOCAL, thisMonth(balances.today));
  return (
    <>
      <RecordsFilterForm
        value={filter}
        onChange={setFilter}
        lines={balances.lines}
        today={balances.today}
        fixed={LOCAL}
      />
      <RecordsTable filter={filter} />
    </>
  );
}

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
      {(balances) => <LocalRecords balances={balances} />}
    </BalancesPage>
  );
}
