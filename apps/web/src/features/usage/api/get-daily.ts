import type { DailyUsage } from '@selfcare/domain/contracts/usage';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Local use per Singapore day of `month` (YYYY-MM), of one line or of every line the user sees. */
export const getDailyUsage = async (month: string, line?: string) =>
  (await api.get<DailyUsage>('/usage/daily', { month, line })).data;
export const dailyUsageQuery = (month: string, line?: string) =>
  queryOptions({
    queryKey: ['usage', 'daily', month, line ?? null],
    queryFn: () => getDailyUsage(month, line),
  });
export const useDailyUsage = (month: string, line?: string) => useQuery(dailyUsageQuery(month, line));
