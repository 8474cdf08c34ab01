import { z } from 'zod';
import { orderDetailSchema, orderListItemSchema } from '../contracts/order-history.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/orders/order-history.routes.ts. */
export const orderHistoryEndpoints = {
  'GET /orders': {
    summary: "The customer's orders, newest first",
    response: z.array(orderListItemSchema),
  },
  'GET /orders/:id': {
    summary: 'One order with its lines, charges and timeline',
    params: z.object({ id: z.uuid() }),
    response: orderDetailSchema,
  },
} as const satisfies Record<string, Endpoint>;
