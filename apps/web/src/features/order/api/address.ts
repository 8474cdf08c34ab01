import type { DeliveryDates, FoundAddress } from '@selfcare/domain/contracts/orders';
import { api } from '../../../lib/api.ts';

/** The addresses at a postal code; with a delivery method, each says whether that method reaches it. */
export const lookupAddress = async (postalCode: string, method?: number | null) =>
  (await api.get<FoundAddress[]>('/orders/address', method == null ? { postalCode } : { postalCode, method }))
    .data;

export const getDeliveryDates = async (method: number) =>
  (await api.get<DeliveryDates>('/orders/delivery-dates', { method })).data.dates;
