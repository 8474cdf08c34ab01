import type { PlacedOrder } from '@selfcare/domain/contracts/order-checkout';
import type { CheckoutInput } from '@selfcare/domain/order';
import { call, type Envelope } from '../../../lib/api.ts';

export const getSummary = async (promotionCode?: string) =>
  (await call('GET /orders/draft/summary', { query: { promotionCode } })).data;

export const startCheckout = async (input: CheckoutInput) =>
  (await call('POST /orders/checkout', { body: input })).data;

export const completeCheckout = (attemptId: string): Promise<Envelope<PlacedOrder>> =>
  call('POST /orders/checkout/:attemptId/complete', { params: { attemptId } });
