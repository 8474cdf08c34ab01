import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { OrderSummary } from './types.ts';

export const getOrders = async () => (await api.get<OrderSummary[]>('/orders')).data;
export const ordersQuery = () =>
  queryOptions({ queryKey: ['orders', 'list'], queryFn: getOrders, staleTime: 0 });
export const useOrders = () => useQuery(ordersQuery());
