import type { CheckoutInput } from '@selfcare/domain/order';
import { api, type Envelope } from '../../../lib/api.ts';
import type { PlacedOrder, Summary } from './types.ts';

export const getSummary = async (promotionCode?: string) =>
  (await api.get<Summary>('/orders/draft/summary', promotionCode ? { promotionCode } : {})).data;

export const startCheckout = async (input: CheckoutInput) =>
  (await api.post<{ attemptId: string; redirectUrl: string }>('/orders/checkout', input)).data;

export const completeCheckout = (attemptId: string): Promise<Envelope<PlacedOrder>> =>
  api.post<PlacedOrder>(`/orders/checkout/${attemptId}/complete`);
