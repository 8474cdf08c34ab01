import type { SubLineCreateInput, SubLineHoldInput } from '@selfcare/domain/order';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

const KEY = ['sub-lines'];

/** The 'Us' lines, how many more may be added, and the number held for the next. */
export const useSubLines = () =>
  useQuery({
    queryKey: KEY,
    queryFn: async () => (await call('GET /sub-lines')).data,
    staleTime: 0,
  });

/** The plans, fees and networks a line may be added with. */
export const useSubLineOffer = () =>
  useQuery({
    queryKey: ['sub-lines', 'offer'],
    queryFn: async () => (await call('GET /sub-lines/offer')).data,
    staleTime: 60_000,
  });

/** New numbers on offer, for the shared number picker. */
export const useSubLineNumbers = (contains: string, page: number, enabled: boolean) =>
  useQuery({
    queryKey: ['sub-lines', 'numbers', contains, page],
    queryFn: async () => (await call('GET /sub-lines/numbers', { query: { contains, page } })).data,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    enabled,
  });

export const useDeliveryDates = (method: number | null) =>
  useQuery({
    queryKey: ['sub-lines', 'delivery-dates', method],
    queryFn: async () => (await call('GET /sub-lines/delivery-dates', { query: { method } })).data.dates,
    enabled: method !== null,
  });

export const lookupAddress = async (postalCode: string, method?: number | null) =>
  (await call('GET /sub-lines/address', { query: { postalCode, method } })).data;

/** Each answer is the whole view as saved: it replaces the one held. */
export function useHoldNumber() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SubLineHoldInput) => call('PUT /sub-lines/hold', { body: input }),
    onSuccess: ({ data }) => client.setQueryData(KEY, data),
  });
}

export function useAddSubLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SubLineCreateInput) => call('POST /sub-lines', { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
