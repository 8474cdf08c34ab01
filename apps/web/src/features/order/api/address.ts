import { call } from '../../../lib/api.ts';

/** The addresses at a postal code; with a delivery method, each says whether that method reaches it. */
export const lookupAddress = async (postalCode: string, method?: number | null) =>
  (await call('GET /orders/address', { query: { postalCode, method } })).data;

export const getDeliveryDates = async (method: number) =>
  (await call('GET /orders/delivery-dates', { query: { method } })).data.dates;
