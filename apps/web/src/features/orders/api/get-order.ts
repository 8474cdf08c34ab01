import type { OrderDetail } from '@selfcare/domain/contracts/order-history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getOrder = async (id: string) => (await api.get<OrderDetail>(`/orders/${id}`)).data;
export const orderQuery = (id: string) =>
  queryOptions({ queryKey: ['orders', 'detail', id], queryFn: () => getOrder(id), staleTime: 0 });
export const useOrder = (id: string) => useQuery(orderQuery(id));
