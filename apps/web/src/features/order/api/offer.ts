import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const getOffer = async () => (await call('GET /orders/offer')).data;
export const offerQuery = () =>
  queryOptions({ queryKey: ['orders', 'offer'], queryFn: getOffer, staleTime: 5 * 60_000 });
export const useOffer = () => useQuery(offerQuery());
