import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { pathFor, type RouteDef, titleOf } from '@selfcare/domain';
import type { UsageKind } from '@selfcare/domain/contracts/usage';
import { type UsageQuery, usageQuerySchema } from '@selfcare/domain/schemas/usage';
import { useId, useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { addResources, useTranslation } from '../../../lib/i18n.ts';
import { Link } from '../../../lib/router.tsx';
import { sgToday } from '../../../lib/sg-today.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useDownloadRecords } from '../api/download-records.ts';
import { useBalances } from '../api/get-balances.ts';
import type { RecordsFilter } from '../api/get-records.ts';
import { RecordsTable } from '../components/records-table.tsx';
import { lineName } from '../format.ts';
import { usageEn } from '../locales.ts';

addResources('en', 'usage', usageEn);

/** This bundle month so far: the 1st of this month to today, in Singapore. */
function thisMonth(): RecordsFilter {
  const today = sgToday();
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

const withoutPage = ({ after: _, ...filter }: UsageQuery): RecordsFilter => filter;

/** /dashboard/local/detail: the usage records of the user's lines, filtered, a page at a time, and as CSV. */
export default function LocalDetailPage({ route }: { route: RouteDef }) {
  const { t } = useTranslation();
  const formId = useId();
  const [filter, setFilter] = useState(thisMonth);
  const form = useZodForm(usageQuerySchema, filter);
  const lines = useBalances().data?.lines ?? [];
  const download = useDownloadRecords();
  const today = sgToday();

  const show = form.submit((data) => setFilter(withoutPage(data)));
  // The file holds what the form asks for: those filters are shown too.
  const save = form.submit(async (data) => {
    setFilter(withoutPage(data));
    await download.mutateAsync(withoutPage(data));
  });

  return (
    <Stack>
      <Title order={1} size="h2">
        {titleOf(route)}
      </Title>
      <Paper
        withBorder
        p="lg"
        radius="md"
        component="form"
        onSubmit={show}
        noValidate
        aria-labelledby={formId}
      >
        <Stack>
          <Title order={2} size="h4" id={formId}>
            {t('usage.records.filters')}
          </Title>
          {form.formError && <FormError message={form.formError} />}
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            <NativeSelect
              label={t('usage.records.line')}
              name="line"
              value={form.values.line ?? ''}
              error={form.errors.line}
              onChange={(e) => form.setField('line', e.currentTarget.value || undefined)}
              data={[
                { value: '', label: t('usage.records.allLines') },
                ...lines.map((l) => ({ value: l.id, label: lineName(l) })),
              ]}
            />
            <NativeSelect
              label={t('usage.records.kind')}
              name="kind"
              value={form.values.kind ?? ''}
              error={form.errors.kind}
              onChange={(e) => form.setField('kind', (e.currentTarget.value || undefined) as UsageKind)}
              data={[
                { value: '', label: t('usage.records.allKinds') },
                { value: 'data', label: t('usage.records.data') },
                { value: 'voice', label: t('usage.records.calls') },
                { value: 'sms', label: t('usage.records.sms') },
              ]}
            />
            <TextInput type="date" label={t('usage.records.from')} max={today} {...form.fieldProps('from')} />
            <TextInput type="date" label={t('usage.records.to')} max={today} {...form.fieldProps('to')} />
          </SimpleGrid>
          <Group>
            <Button type="submit">{t('usage.records.show')}</Button>
            <Button type="button" variant="outline" loading={download.isPending} onClick={() => void save()}>
              {t('usage.records.download')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <RecordsTable filter={filter} />
      <Text>
        <Link to={pathFor('local')}>{t('usage.records.back')}</Link>
      </Text>
    </Stack>
  );
}
