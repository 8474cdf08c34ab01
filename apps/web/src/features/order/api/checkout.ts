import type { CheckoutStart, OrderSummary, PlacedOrder } from '@selfcare/domain/contracts/order-checkout';
import type { CheckoutInput } from '@selfcare/domain/order';
import { api, type Envelope } from '../../../lib/api.ts';

export const getSummary = async (promotionCode?: string) =>
  (await api.get<OrderSummary>('/orders/draft/summary', promotionCode ? { promotionCode } : {})).data;

export const startCheckout = async (input: CheckoutInput) =>
  (await api.post<CheckoutStart>('/orders/checkout', input)).data;

export const completeCheckout = (attemptId: string): Promise<Envelope<PlacedOrder>> =>
  api.post<PlacedOrder>(`/orders/checkout/${attemptId}/complete`);
