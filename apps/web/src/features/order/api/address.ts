import type { FoundAddress } from '@selfcare/domain/order';
import { api } from '../../../lib/api.ts';

export const lookupAddress = async (postalCode: string) =>
  (await api.get<FoundAddress[]>('/orders/address', { postalCode })).data;

export const getDeliveryDates = async (method: number) =>
  (await api.get<{ dates: string[] }>('/orders/delivery-dates', { method })).data.dates;
