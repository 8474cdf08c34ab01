import { z } from 'zod';
import {
  lineProductSchema,
  lineRoamingSchema,
  productsViewSchema,
  roamingViewSchema,
} from '../contracts/products.ts';
import {
  buyProductSchema,
  lineRoamingInputSchema,
  productLinesSchema,
  productsQuerySchema,
} from '../schemas/products.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/products/products.routes.ts. */
export const productsEndpoints = {
  'GET /products': {
    summary: "The account's lines, the products of a kind they may have, and those they have",
    query: productsQuerySchema,
    response: productsViewSchema,
  },
  'POST /products': {
    summary:
      'Buy a product for a line: a monthly one is charged on the bill from today, a one-time one to the saved card now (402 when declined); the same requestKey again is the same purchase',
    body: buyProductSchema,
    response: lineProductSchema,
    status: 201,
  },
  'GET /products/roaming': {
    summary: "Each line's roaming: on or off, the monthly spend cap and this month's charged roaming",
    response: roamingViewSchema,
  },
  'PUT /products/roaming/:lineId': {
    summary:
      "Switch a line's roaming on or off and set its monthly spend cap (null: none); the MVNE is told by a job",
    params: z.object({ lineId: z.uuid() }),
    body: lineRoamingInputSchema,
    response: lineRoamingSchema,
  },
  'PUT /products/:id/lines': {
    summary: 'Change the lines a shareable product serves (a monthly booster: once a month)',
    params: z.object({ id: z.uuid() }),
    body: productLinesSchema,
    response: lineProductSchema,
  },
  'DELETE /products/:id': {
    summary: 'Unsubscribe: a monthly product serves, and is charged, to the end of the month',
    params: z.object({ id: z.uuid() }),
    response: lineProductSchema,
  },
} as const satisfies Record<string, Endpoint>;
