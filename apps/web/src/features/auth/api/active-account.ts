import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const activeAccount = (token: string) =>
  call('POST /auth/activeAccount/', { body: { token } }, { anonymous: true });

/** A query, not a mutation: the page confirms once on arrival, and a re-render must not confirm again. */
export const activeAccountQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'confirm', token],
    queryFn: () => activeAccount(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const useActiveAccount = (token: string) => useQuery(activeAccountQuery(token));
