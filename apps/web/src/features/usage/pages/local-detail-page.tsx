import { Stack, Text, Title } from '@mantine/core';
import { pathFor, type RouteDef, titleOf } from '@selfcare/domain';
import { addResources, useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { useBalances } from '../api/get-balances.ts';
import { RecordsFilterForm, useRecordsFilter } from '../components/records-filter.tsx';
import { RecordsTable } from '../components/records-table.tsx';
import { usageEn } from '../locales.ts';

addResources('en', 'usage', usageEn);

const LOCAL = { scope: 'local' } as const;

/** /dashboard/local/detail: the usage records of the user's lines, filtered, a page at a time, and as CSV. */
export default function LocalDetailPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  // Local use: IDD and roaming have their own pages.
  const [filter, setFilter] = useRecordsFilter(LOCAL);
  const lines = useBalances().data?.lines ?? [];
  return (
    <Stack>
      <Title order={1} size="h2">
        {titleOf(route)}
      </Title>
      <RecordsFilterForm value={filter} onChange={setFilter} lines={lines} fixed={LOCAL} />
      <RecordsTable filter={filter} />
      <Text>
        <Link to={pathFor('local')}>{t('usage.records.back')}</Link>
      </Text>
    </Stack>
  );
}
