import { Button, Group, Loader, Radio, SimpleGrid, Text, TextInput } from '@mantine/core';
import { formatSgMobile } from '@selfcare/domain';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useNumbers } from '../api/numbers.ts';

/** New numbers from the MVNE, searchable by digits, a page at a time. */
export function NumberPicker({
  name,
  value,
  taken,
  error,
  onChange,
}: {
  name: string;
  value: string;
  taken: string[];
  error?: string;
  onChange: (msisdn: string) => void;
}) {
  const { t } = useTranslation();
  const [digits, setDigits] = useState('');
  const [page, setPage] = useState(1);
  const numbers = useNumbers(digits, page, /^\d{0,8}$/.test(digits));
  const list = (numbers.data?.numbers ?? []).filter((n) => n === value || !taken.includes(n));
  return (
    <div>
      <TextInput
        label={t('order.searchNumbers')}
        description={t('order.searchHint')}
        inputMode="numeric"
        maxLength={8}
        value={digits}
        error={/^\d{0,8}$/.test(digits) ? undefined : t('order.digitsOnly')}
        onChange={(e) => {
          setDigits(e.currentTarget.value.trim());
          setPage(1);
        }}
      />
      {value && (
        <Text mt="xs" fw={600}>
          {t('order.chosenNumber', { number: formatSgMobile(value) })}
        </Text>
      )}
      <Radio.Group
        name={name}
        label={t('order.availableNumbers')}
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
          <Text c="dimmed">{t('order.noNumbers')}</Text>
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
            {t('order.previousPage')}
          </Button>
          <Text size="sm">{t('order.pageOf', { page, pages: numbers.data.totalPages })}</Text>
          <Button
            size="xs"
            variant="default"
            disabled={page >= numbers.data.totalPages}
            onClick={() => setPage(page + 1)}
          >
            {t('order.nextPage')}
          </Button>
        </Group>
      )}
    </div>
  );
}
