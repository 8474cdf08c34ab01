import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const searchNumbers = async (contains: string, page: number) =>
  (await call('GET /orders/numbers', { query: { contains, page } })).data;
export const numbersQuery = (contains: string, page: number) =>
  queryOptions({
    queryKey: ['orders', 'numbers', contains, page],
    queryFn: () => searchNumbers(contains, page),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
export const useNumbers = (contains: string, page: number, enabled: boolean) =>
  useQuery({ ...numbersQuery(contains, page), enabled });
