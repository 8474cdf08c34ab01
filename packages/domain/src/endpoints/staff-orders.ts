import { z } from 'zod';
import { staffOrderSchema, staffQueuePageSchema } from '../contracts/staff.ts';
import { staffOrderQuerySchema } from '../fulfilment.ts';
import { Messages } from '../index.ts';
import type { Endpoint } from './endpoint.ts';
import { orderParams } from './staff-params.ts';

/** The calls the API answers in modules/fulfilment/staff-orders.routes.ts. */
export const staffOrdersEndpoints = {
  'GET /staff/orders': {
    summary:
      'The order queue: filter by status, SIM type and date; search by order number, name, ID or phone',
    query: staffOrderQuerySchema,
    response: staffQueuePageSchema,
  },
  'GET /staff/orders/:id': {
    params: orderParams,
    response: staffOrderSchema,
  },
  'GET /staff/orders/:id/documents/:documentId': {
    summary: "One of the order's customer's ID documents, inline or (download=1) as a file with a safe name",
    params: z.object({ id: z.uuid(), documentId: z.uuid({ error: Messages.notFound }) }),
    query: z.object({ download: z.enum(['0', '1']).optional() }),
  },
} as const satisfies Record<string, Endpoint>;
