import { Text } from '@mantine/core';
import type { RouteDef } from '@selfcare/domain';
import type { UsageLine } from '@selfcare/domain/contracts/usage';
import { addResources } from '../../../lib/i18n.ts';
import { OneLinePage } from '../components/balances-page.tsx';
import { RecordsFilterForm, thisMonth, useRecordsFilter } from '../components/records-filter.tsx';
import { RecordsTable } from '../components/records-table.tsx';
import { lineName } from '../format.ts';
import { usageEn } from '../locales.ts';

addResources('en', 'usage', usageEn);

/** One line's records, this month's first: the filter without a choice of line, the table and the CSV. */
function LineRecords({ line, today }: { line: UsageLine; today: string }) {
  const fixed = { line: line.id, scope: 'local' } as const;
  const [filter, setFilter] = useRecordsFilter(fixed, thisMonth(today));
  return (
    <>
      <RecordsFilterForm value={filter} onChange={setFilter} lines={[line]} today={today} fixed={fixed} />
      <RecordsTable filter={filter} />
    </>
  );
}

/** /dashboard/localIndividual/{id}/detail: the usage records of one line. */
export default function LocalIndividualDetailPage({ route }: { route: RouteDef }) {
  return (
    <OneLinePage route={route}>
      {(balances, line) => (
        <>
          <div>
            <Text fw={600} size="lg">
              {lineName(line)}
            </Text>
            <Text size="sm" c="dimmed">
              {line.planName}
            </Text>
          </div>
          {/* A new line starts with its own filter. */}
          <LineRecords key={line.id} line={line} today={balances.today} />
        </>
      )}
    </OneLinePage>
  );
}
