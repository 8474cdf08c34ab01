import { Text } from '@mantine/core';
import type { RouteDef } from '@selfcare/domain';
import { OneLinePage } from '../components/balances-page.tsx';
import { RecordsPeriod } from '../components/records-filter.tsx';
import { RecordsTable } from '../components/records-table.tsx';
import { lineName } from '../format.ts';
import '../texts.ts';

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
          {/* A new line starts with its own filter, without a choice of line. */}
          <RecordsPeriod
            key={line.id}
            fixed={{ line: line.id, scope: 'local' }}
            lines={[line]}
            today={balances.today}
          >
            {(filter) => <RecordsTable filter={filter} />}
          </RecordsPeriod>
        </>
      )}
    </OneLinePage>
  );
}
