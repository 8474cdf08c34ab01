import { z } from 'zod';
import { checkoutStartSchema, orderSummarySchema, placedOrderSchema } from '../contracts/order-checkout.ts';
import { attemptParamsSchema, checkoutSchema, summaryQuerySchema } from '../order.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/orders/checkout.routes.ts. */
export const checkoutEndpoints = {
  'GET /orders/draft/summary': {
    summary: 'Step 5: every line, fee, promotion, GST and the total',
    query: summaryQuerySchema,
    response: orderSummarySchema,
  },
  'POST /orders/checkout': {
    summary: "Place the order and get the gateway's card page to pay on",
    body: checkoutSchema,
    response: checkoutStartSchema,
    status: 201,
  },
  'POST /orders/checkout/:attemptId/complete': {
    summary: 'Back from the card page: charge once and place the order',
    params: attemptParamsSchema,
    response: placedOrderSchema,
  },
  'POST /webhooks/payments': {
    summary: 'Card gateway events (signed)',
    response: z.null(),
  },
} as const satisfies Record<string, Endpoint>;
