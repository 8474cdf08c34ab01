import type { Offer } from '@selfcare/domain/contracts/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getOffer = async () => (await api.get<Offer>('/orders/offer')).data;
export const offerQuery = () =>
  queryOptions({ queryKey: ['orders', 'offer'], queryFn: getOffer, staleTime: 5 * 60_000 });
export const useOffer = () => useQuery(offerQuery());
