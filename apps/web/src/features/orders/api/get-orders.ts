import type { OrderListItem } from '@selfcare/domain/contracts/order-history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getOrders = async () => (await api.get<OrderListItem[]>('/orders')).data;
export const ordersQuery = () =>
  queryOptions({ queryKey: ['orders', 'list'], queryFn: getOrders, staleTime: 0 });
export const useOrders = () => useQuery(ordersQuery());
