import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { UsageKind, UsageLine, UsageScope } from '@selfcare/domain/contracts/usage';
import { type UsageQuery, usageQuerySchema } from '@selfcare/domain/schemas/usage';
import { type ReactNode, useId, useState } from 'react';
import { FormError } from '../../../components/ui/form-error.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useDownloadRecords } from '../api/download-records.ts';
import type { RecordsFilter } from '../api/get-records.ts';
import { lineName } from '../format.ts';
import '../texts.ts';

/** What a page holds to one value whatever the form says: its line, its scope, its bucket. */
export interface FixedFilter {
  line?: string;
  scope?: UsageScope;
  bucket?: string;
}

/** This bundle month so far: the 1st to `today`, the portal's day in Singapore (the balances' `today`). */
export function thisMonth(today: string): { from: string; to: string } {
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

/** The page's fixed values, those it leaves out, then the period. */
const withFixed = (fixed: FixedFilter, rest: Omit<RecordsFilter, keyof FixedFilter>): RecordsFilter => {
  const filter: RecordsFilter = { ...rest };
  for (const [k, v] of Object.entries(fixed)) if (v !== undefined) Object.assign(filter, { [k]: v });
  return filter;
};

/** The records filter a page shows, starting on `period` (this month, mostly), with its fixed values. */
export function useRecordsFilter(fixed: FixedFilter, period: { from: string; to: string }) {
  return useState<RecordsFilter>(() => withFixed(fixed, period));
}

const withoutPage = ({ after: _, ...filter }: UsageQuery): RecordsFilter => filter;

/**
 * The form of a records filter and its CSV download, its dates up to `today` (the portal's). A value
 * in `fixed` has no field and is kept in every filter the form gives: a page of one line, of IDD or
 * roaming use, or of one bucket.
 */
export function RecordsFilterForm({
  value,
  onChange,
  lines,
  today,
  fixed = {},
}: {
  value: RecordsFilter;
  onChange: (filter: RecordsFilter) => void;
  lines: UsageLine[];
  today: string;
  fixed?: FixedFilter;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const form = useZodForm(usageQuerySchema, value);
  const download = useDownloadRecords();
  const chosen = (data: UsageQuery) => withFixed(fixed, withoutPage(data));

  const show = form.submit((data) => onChange(chosen(data)));
  // The file holds what the form asks for: those filters are shown too.
  const save = form.submit(async (data) => {
    onChange(chosen(data));
    await download.mutateAsync(chosen(data));
  });

  // IDD is calls and SMS to numbers abroad: there is no data to choose.
  const kinds = [
    ...(fixed.scope === 'idd' ? [] : [{ value: 'data', label: t('usage.records.data') }]),
    { value: 'voice', label: t('usage.records.calls') },
    { value: 'sms', label: t('usage.records.sms') },
  ];

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={show} noValidate aria-labelledby={formId}>
      <Stack>
        <Title order={2} size="h4" id={formId}>
          {t('usage.records.filters')}
        </Title>
        {form.formError && <FormError message={form.formError} />}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {fixed.line === undefined && (
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
          )}
          <NativeSelect
            label={t('usage.records.kind')}
            name="kind"
            value={form.values.kind ?? ''}
            error={form.errors.kind}
            onChange={(e) => form.setField('kind', (e.currentTarget.value || undefined) as UsageKind)}
            data={[{ value: '', label: t('usage.records.allKinds') }, ...kinds]}
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
  );
}

/**
 * A records filter of the portal's month so far to begin with, and what it asks for under it: the
 * records of the account's lines, of its IDD use, or of one line.
 */
export function RecordsPeriod({
  fixed,
  lines,
  today,
  children,
}: {
  fixed: FixedFilter;
  lines: UsageLine[];
  today: string;
  children: (filter: RecordsFilter) => ReactNode;
}) {
  const [filter, setFilter] = useRecordsFilter(fixed, thisMonth(today));
  return (
    <>
      <RecordsFilterForm value={filter} onChange={setFilter} lines={lines} today={today} fixed={fixed} />
      {children(filter)}
    </>
  );
}
