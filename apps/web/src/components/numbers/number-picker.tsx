import { Button, Group, Loader, Radio, SimpleGrid, Text, TextInput } from '@mantine/core';
import { formatSgMobile } from '@selfcare/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import './texts.ts';

/** A page of new numbers on offer, as the order wizard and the number change read them. */
export type NumbersQuery = (
  contains: string,
  page: number,
  enabled: boolean,
) => UseQueryResult<{ numbers: string[]; totalPages: number }, Error>;

/** New numbers from the MVNE, searchable by digits, a page at a time. */
export function NumberPicker({
  name,
  value,
  taken = [],
  error,
  label,
  onChange,
  useNumbers,
}: {
  name: string;
  value: string;
  taken?: string[];
  error?: string;
  /** What the list is called (default 'Available numbers'). */
  label?: string;
  onChange: (msisdn: string) => void;
  useNumbers: NumbersQuery;
}) {
  const { t } = useTranslation();
  const [digits, setDigits] = useState('');
  const [page, setPage] = useState(1);
  const numbers = useNumbers(digits, page, /^\d{0,8}$/.test(digits));
  const list = (numbers.data?.numbers ?? []).filter((n) => n === value || !taken.includes(n));
  return (
    <div>
      <TextInput
        label={t('numbers.searchNumbers')}
        description={t('numbers.searchHint')}
        inputMode="numeric"
        maxLength={8}
        value={digits}
        error={/^\d{0,8}$/.test(digits) ? undefined : t('numbers.digitsOnly')}
        onChange={(e) => {
          setDigits(e.currentTarget.value.trim());
          setPage(1);
        }}
      />
      {value && (
        <Text mt="xs" fw={600}>
          {t('numbers.chosenNumber', { number: formatSgMobile(value) })}
        </Text>
      )}
      <Radio.Group
        name={name}
        label={label ?? t('numbers.availableNumbers')}
        value={value}
        onChange={onChange}
        error={error}
        mt="sm"
      >
        {numbers.isPending ? (
          <Loader size="sm" aria-label={t('common.loading')} />
        ) : numbers.isError ? (
          <Text role="alert" c="red.8">
            {numbers.error.message}
          </Text>
        ) : list.length === 0 ? (
          <Text c="dimmed">{t('numbers.noNumbers')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
            {list.map((n) => (
              <Radio key={n} value={n} label={formatSgMobile(n)} />
            ))}
          </SimpleGrid>
        )}
      </Radio.Group>
      {numbers.data && numbers.data.totalPages > 1 && (
        <Group mt="sm" gap="xs">
          <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('numbers.previousPage')}
          </Button>
          <Text size="sm">{t('numbers.pageOf', { page, pages: numbers.data.totalPages })}</Text>
          <Button
            size="xs"
            variant="default"
            disabled={page >= numbers.data.totalPages}
            onClick={() => setPage(page + 1)}
          >
            {t('numbers.nextPage')}
          </Button>
        </Group>
      )}
    </div>
  );
}
