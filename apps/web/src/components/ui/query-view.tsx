import { Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { FormError } from './form-error.tsx';

/** A list page's query: a spinner while it loads, its error, `empty` when it has no items, else the list. */
export function QueryList<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Loader role="status" aria-label={t('common.loading')} />;
  if (query.isError) return <FormError message={query.error.message} />;
  if (query.data.length === 0) return <Text>{empty}</Text>;
  return children(query.data);
}
