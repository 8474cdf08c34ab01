import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const getOrders = async () => (await call('GET /orders')).data;
export const ordersQuery = () =>
  queryOptions({ queryKey: ['orders', 'list'], queryFn: getOrders, staleTime: 0 });
export const useOrders = () => useQuery(ordersQuery());
