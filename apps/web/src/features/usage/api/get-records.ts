import type { UsageQuery } from '@selfcare/domain/schemas/usage';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** The filters of a records query, without the page it starts at. */
export type RecordsFilter = Omit<UsageQuery, 'after'> & {
  /** Only the records drawn from this bucket (its id, as the balances give it). */
  bucket?: string;
};

export const getRecords = async (filter: RecordsFilter, after?: string) =>
  (await call('GET /usage/records', { query: { ...filter, after } })).data;

/** Usage records, newest first, a page at a time: `fetchNextPage` asks for the page after the last. */
export const useUsageRecords = (filter: RecordsFilter) =>
  useInfiniteQuery({
    queryKey: ['usage', 'records', filter],
    queryFn: ({ pageParam }) => getRecords(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
