import type { UsageScope } from '@selfcare/domain/contracts/usage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** Which use to sum: one scope between two Singapore days (YYYY-MM-DD), of one line or of all. */
export interface SummaryFilter {
  scope: UsageScope;
  from: string;
  to: string;
  line?: string;
}

export const getUsageSummary = async (filter: SummaryFilter) =>
  (await call('GET /usage/summary', { query: filter })).data;
export const usageSummaryQuery = (filter: SummaryFilter) =>
  queryOptions({
    queryKey: ['usage', 'summary', filter.scope, filter.from, filter.to, filter.line ?? null],
    queryFn: () => getUsageSummary(filter),
  });
/** Use summed per line, kind and country. */
export const useUsageSummary = (filter: SummaryFilter) => useQuery(usageSummaryQuery(filter));
