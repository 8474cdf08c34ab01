import { Messages } from '@selfcare/domain';
import {
  deliveryDatesSchema,
  draftSchema,
  foundAddressSchema,
  numberPageSchema,
  offerSchema,
  promotionSchema,
} from '@selfcare/domain/contracts/orders';
import {
  accountStepSchema,
  deliveryDatesQuerySchema,
  deliveryStepSchema,
  NETWORKS,
  numberSearchSchema,
  numberStepSchema,
  planStepSchema,
  postalLookupSchema,
  promotionCheckSchema,
  requestedDocumentsSchema,
} from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import type { NumbersService } from './numbers.service.ts';
import type { OrdersService } from './orders.service.ts';
import type { QuoteService } from './quote.service.ts';

export interface OrdersRoutesOptions {
  auth: CustomerSessions;
  orders: OrdersService;
  numbers: NumbersService;
  quotes: QuoteService;
}

/** The order wizard (SPEC.md section 2): for customers who may open /getStarted (status 0). */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (
  app,
  { auth, orders, numbers, quotes },
) => {
  const security = [{ bearer: [] }];
  const tags = ['orders'];
  const preHandler = authenticated(auth, 'getStarted');

  app.get(
    '/orders/offer',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Plans, add-ons, fees and limits for a new order',
        response: { 200: envelopeOf(offerSchema) },
      },
    },
    async (request) =>
      ok({
        ...(await orders.offer(currentUser(request))),
        networks: NETWORKS.map((name, id) => ({ id, name })),
      }),
  );

  app.get(
    '/orders/numbers',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'New numbers the customer may choose, searchable by digits',
        querystring: numberSearchSchema,
        response: {
          200: envelopeOf(numberPageSchema),
        },
      },
    },
    async (request) =>
      ok(
        await numbers.searchNumbers(
          currentUser(request),
          request.query.contains ?? '',
          request.query.page ?? 1,
        ),
      ),
  );

  app.get(
    '/orders/draft',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'The order being put together',
        response: { 200: envelopeOf(draftSchema) },
      },
    },
    async (request) => ok(await orders.draft(currentUser(request))),
  );

  app.put(
    '/orders/draft/plan',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Step 1: SIM type, plans and add-ons',
        body: planStepSchema,
        response: { 200: envelopeOf(draftSchema) },
      },
    },
    async (request) => ok(await orders.savePlan(currentUser(request), request.body)),
  );

  app.put(
    '/orders/draft/numbers',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Step 2: a new number (held for a while) or a port-in per line',
        body: numberStepSchema,
        response: { 200: envelopeOf(draftSchema) },
      },
    },
    async (request) => ok(await numbers.saveNumbers(currentUser(request), request.body)),
  );

  app.put(
    '/orders/draft/account',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Step 3: who the customer is, with both sides of their ID uploaded',
        body: accountStepSchema,
        response: { 200: envelopeOf(draftSchema) },
      },
    },
    async (request) => ok(await orders.saveAccount(currentUser(request), request.body)),
  );

  app.delete(
    '/orders/draft/myinfo',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Step 3: forget the details MyInfo gave (and a step 3 saved with them)',
        response: { 200: envelopeOf(draftSchema) },
      },
    },
    async (request) => ok(await orders.clearMyinfo(currentUser(request))),
  );

  app.get(
    '/orders/address',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Addresses at a postal code (OneMap); empty when there are none. With a delivery method, whether it reaches them',
        querystring: postalLookupSchema,
        response: {
          200: envelopeOf(z.array(foundAddressSchema)),
        },
      },
    },
    async (request) =>
      ok(await orders.lookupAddress(currentUser(request), request.query.postalCode, request.query.method)),
  );

  app.get(
    '/orders/delivery-dates',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Working days a delivery method can be booked for (Singapore public holidays excluded)',
        querystring: deliveryDatesQuerySchema,
        response: { 200: envelopeOf(deliveryDatesSchema) },
      },
    },
    async (request) => ok(orders.deliveryDates(currentUser(request), request.query.method)),
  );

  app.put(
    '/orders/draft/delivery',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Step 4: delivery method, date and address, and the billing address',
        body: deliveryStepSchema,
        response: { 200: envelopeOf(draftSchema) },
      },
    },
    async (request) => ok(await orders.saveDelivery(currentUser(request), request.body)),
  );

  app.post(
    '/orders/documents',
    {
      preHandler: authenticated(auth, 'uploadID'),
      schema: {
        tags,
        security,
        summary: 'Hand in the ID documents staff asked for (status 3 goes back to waiting)',
        body: requestedDocumentsSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await orders.submitRequestedDocuments(currentUser(request), request.body);
      // New documents added to the order: the spec's create toast, shown by /uploadID (ADR 0035).
      return ok(null, Messages.dataAdded);
    },
  );

  app.post(
    '/orders/promotion',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'What a promotion code gives (getPromotionCode)',
        body: promotionCheckSchema,
        response: {
          200: envelopeOf(promotionSchema),
        },
      },
    },
    async (request) => ok(await quotes.checkPromotion(currentUser(request), request.body.code)),
  );
};
