import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/** The balances of every line the user sees, or of `line` alone (another's line is not found). */
export const getBalances = async (line?: string) =>
  (await call('GET /usage/balances', { query: { line } })).data;
export const balancesQuery = (line?: string) =>
  queryOptions({
    queryKey: line ? ['usage', 'balances', line] : ['usage', 'balances'],
    queryFn: () => getBalances(line),
  });
/** The lines the user may see, with their buckets as the network last gave them. */
export const useBalances = (line?: string) => useQuery(balancesQuery(line));
