import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const getOrder = async (id: string) => (await call('GET /orders/:id', { params: { id } })).data;
export const orderQuery = (id: string) =>
  queryOptions({ queryKey: ['orders', 'detail', id], queryFn: () => getOrder(id), staleTime: 0 });
export const useOrder = (id: string) => useQuery(orderQuery(id));
