import { api } from '../../../lib/api.ts';

export interface FoundAddress {
  postalCode: string;
  blockNumber: string;
  roadName: string;
  building: string;
  address: string;
}

export const lookupAddress = async (postalCode: string) =>
  (await api.get<FoundAddress[]>('/orders/address', { postalCode })).data;

export const getDeliveryDates = async (method: number) =>
  (await api.get<{ dates: string[] }>('/orders/delivery-dates', { method })).data.dates;
