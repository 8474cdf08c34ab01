import { z } from 'zod';
import {
  deliveryDatesSchema,
  draftSchema,
  foundAddressSchema,
  numberPageSchema,
  offerSchema,
  promotionSchema,
} from '../contracts/orders.ts';
import {
  accountStepSchema,
  deliveryDatesQuerySchema,
  deliveryStepSchema,
  numberSearchSchema,
  numberStepSchema,
  planStepSchema,
  postalLookupSchema,
  promotionCheckSchema,
  requestedDocumentsSchema,
} from '../order.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/orders/orders.routes.ts. */
export const ordersEndpoints = {
  'GET /orders/offer': {
    summary: 'Plans, add-ons, fees and limits for a new order',
    response: offerSchema,
  },
  'GET /orders/numbers': {
    summary: 'New numbers the customer may choose, searchable by digits',
    query: numberSearchSchema,
    response: numberPageSchema,
  },
  'GET /orders/draft': {
    summary: 'The order being put together',
    response: draftSchema,
  },
  'PUT /orders/draft/plan': {
    summary: 'Step 1: SIM type, plans and add-ons',
    body: planStepSchema,
    response: draftSchema,
  },
  'PUT /orders/draft/numbers': {
    summary: 'Step 2: a new number (held for a while) or a port-in per line',
    body: numberStepSchema,
    response: draftSchema,
  },
  'PUT /orders/draft/account': {
    summary: 'Step 3: who the customer is, with both sides of their ID uploaded',
    body: accountStepSchema,
    response: draftSchema,
  },
  'DELETE /orders/draft/myinfo': {
    summary: 'Step 3: forget the details MyInfo gave (and a step 3 saved with them)',
    response: draftSchema,
  },
  'GET /orders/address': {
    summary:
      'Addresses at a postal code (OneMap); empty when there are none. With a delivery method, whether it reaches them',
    query: postalLookupSchema,
    response: z.array(foundAddressSchema),
  },
  'GET /orders/delivery-dates': {
    summary: 'Working days a delivery method can be booked for (Singapore public holidays excluded)',
    query: deliveryDatesQuerySchema,
    response: deliveryDatesSchema,
  },
  'PUT /orders/draft/delivery': {
    summary: 'Step 4: delivery method, date and address, and the billing address',
    body: deliveryStepSchema,
    response: draftSchema,
  },
  'POST /orders/documents': {
    summary: 'Hand in the ID documents staff asked for (status 3 goes back to waiting)',
    body: requestedDocumentsSchema,
    response: z.null(),
  },
  'POST /orders/promotion': {
    summary: 'What a promotion code gives (getPromotionCode)',
    body: promotionCheckSchema,
    response: promotionSchema,
  },
} as const satisfies Record<string, Endpoint>;
