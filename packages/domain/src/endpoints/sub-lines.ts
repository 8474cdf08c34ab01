import { z } from 'zod';
import {
  deliveryDatesSchema,
  foundAddressSchema,
  numberPageSchema,
  offerSchema,
} from '../contracts/orders.ts';
import { subLineAddedSchema, subLinesViewSchema } from '../contracts/sub-lines.ts';
import {
  deliveryDatesQuerySchema,
  numberSearchSchema,
  postalLookupSchema,
  subLineCreateSchema,
  subLineHoldSchema,
} from '../order.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/orders/sub-lines.routes.ts. */
export const subLinesEndpoints = {
  'GET /sub-lines': {
    summary: "The 'Us' lines, how many more may be added, and the number held for the next",
    response: subLinesViewSchema,
  },
  'GET /sub-lines/offer': {
    summary: "The plans, fees and networks an 'Us' line may be added with",
    response: offerSchema,
  },
  'GET /sub-lines/numbers': {
    summary: 'New numbers on offer, containing the digits asked for, 20 a page',
    query: numberSearchSchema,
    response: numberPageSchema,
  },
  'GET /sub-lines/address': {
    summary: 'Addresses at a postal code (OneMap); with a delivery method, whether it reaches them',
    query: postalLookupSchema,
    response: z.array(foundAddressSchema),
  },
  'GET /sub-lines/delivery-dates': {
    summary: 'Working days a delivery method can be booked for',
    query: deliveryDatesQuerySchema,
    response: deliveryDatesSchema,
  },
  'PUT /sub-lines/hold': {
    summary: "Hold a new number for the 'Us' line being added (NUMBER_HOLD_MINUTES)",
    body: subLineHoldSchema,
    response: subLinesViewSchema,
  },
  'DELETE /sub-lines/hold': {
    summary: 'Give the held number back',
    response: subLinesViewSchema,
  },
  'POST /sub-lines': {
    summary:
      "Add an 'Us' line: placed as an order for staff to verify, deliver and activate; its fees go on the next bill",
    body: subLineCreateSchema,
    response: subLineAddedSchema,
    status: 201,
  },
} as const satisfies Record<string, Endpoint>;
