import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/**
 * Local use per Singapore day of this month, of one line or of every line the user sees: the month
 * the server is in, whatever the device's clock says.
 */
export const getDailyUsage = async (line?: string) =>
  (await call('GET /usage/daily', { query: { line } })).data;
export const dailyUsageQuery = (line?: string) =>
  queryOptions({
    queryKey: ['usage', 'daily', line ?? null],
    queryFn: () => getDailyUsage(line),
  });
export const useDailyUsage = (line?: string) => useQuery(dailyUsageQuery(line));
