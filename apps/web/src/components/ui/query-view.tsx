import { Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { FormError } from './form-error.tsx';

/**
 * A page's query: a spinner while it loads, its error, `empty` when `isEmpty` says the answer has
 * nothing to show (a page that always has something to say leaves both out), else what `children`
 * makes of it.
 */
export function QueryView<V>({
  query,
  empty,
  isEmpty,
  children,
}: {
  query: UseQueryResult<V>;
  empty?: string;
  isEmpty?: (data: V) => boolean;
  children: (data: V) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Loader role="status" aria-label={t('common.loading')} />;
  if (query.isError) return <FormError message={query.error.message} />;
  if (empty !== undefined && isEmpty?.(query.data)) return <Text>{empty}</Text>;
  return children(query.data);
}

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
  return (
    <QueryView query={query} empty={empty} isEmpty={(items) => items.length === 0}>
      {children}
    </QueryView>
  );
}
