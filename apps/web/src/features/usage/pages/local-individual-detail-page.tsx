import { Loader, Stack, Text, Title } from '@mantine/core';
import { Messages, pathFor, type RouteDef, titleOf } from '@selfcare/domain';
import type { UsageLine } from '@selfcare/domain/contracts/usage';
import { FormError } from '../../../components/ui/form-error.tsx';
import { addResources, useTranslation } from '../../../lib/i18n.ts';
import { Link, useParams } from '../../../lib/router.tsx';
import { useBalances } from '../api/get-balances.ts';
import { RecordsFilterForm, useRecordsFilter } from '../components/records-filter.tsx';
import { RecordsTable } from '../components/records-table.tsx';
import { lineName } from '../format.ts';
import { usageEn } from '../locales.ts';

addResources('en', 'usage', usageEn);

/** One line's records: the filter without a choice of line, the table and the CSV. */
function LineRecords({ line }: { line: UsageLine }) {
  const fixed = { line: line.id, scope: 'local' } as const;
  const [filter, setFilter] = useRecordsFilter(fixed);
  return (
    <>
      <RecordsFilterForm value={filter} onChange={setFilter} lines={[line]} fixed={fixed} />
      <RecordsTable filter={filter} />
    </>
  );
}

/** /dashboard/localIndividual/{id}/detail: the usage records of one line. */
export default function LocalIndividualDetailPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const balances = useBalances(id);
  const line = balances.data?.lines.find((l) => l.id === id);
  return (
    <Stack>
      <Title order={1} size="h2">
        {titleOf(route)}
      </Title>
      {balances.isPending ? (
        <Loader aria-label={t('common.loading')} />
      ) : balances.isError ? (
        <FormError message={balances.error.message} />
      ) : !line ? (
        <Text>{Messages.notFound}</Text>
      ) : (
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
          <LineRecords key={line.id} line={line} />
        </>
      )}
      <Text>
        <Link to={pathFor('localIndividual')}>{t('usage.individual.back')}</Link>
      </Text>
    </Stack>
  );
}
