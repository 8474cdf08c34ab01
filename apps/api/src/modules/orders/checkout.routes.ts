import {
  checkoutStartSchema,
  orderSummarySchema,
  placedOrderSchema,
} from '@selfcare/domain/contracts/order-checkout';
import {
  attemptParamsSchema,
  checkoutSchema,
  OrderMessages,
  summaryQuerySchema,
} from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import type { PaymentService } from './payment.service.ts';
import type { QuoteService } from './quote.service.ts';

export const checkoutRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  checkout: PaymentService;
  quotes: QuoteService;
}> = async (app, { auth, checkout, quotes }) => {
  const security = [{ bearer: [] }];
  const tags = ['orders'];

  app.get(
    '/orders/draft/summary',
    {
      preHandler: authenticated(auth, 'getStarted'),
      schema: {
        tags,
        security,
        summary: 'Step 5: every line, fee, promotion, GST and the total',
        querystring: summaryQuerySchema,
        response: {
          200: envelopeOf(orderSummarySchema),
        },
      },
    },
    async (request) => ok(await quotes.summary(currentUser(request), request.query.promotionCode)),
  );

  app.post(
    '/orders/checkout',
    {
      preHandler: authenticated(auth, 'getStarted'),
      schema: {
        tags,
        security,
        summary: "Place the order and get the gateway's card page to pay on",
        body: checkoutSchema,
        response: { 201: envelopeOf(checkoutStartSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(ok(await checkout.start(currentUser(request), request.body), 'OK', 201)),
  );

  app.post(
    '/orders/checkout/:attemptId/complete',
    {
      preHandler: authenticated(auth),
      schema: {
        tags,
        security,
        summary: 'Back from the card page: charge once and place the order',
        params: attemptParamsSchema,
        response: { 200: envelopeOf(placedOrderSchema) },
      },
    },
    async (request) =>
      ok(await checkout.complete(currentUser(request), request.params.attemptId), OrderMessages.orderPaid),
  );
};

/** The gateway's signed webhooks. The signature covers the raw body, so it is read as text here. */
export const paymentWebhookRoutes: FastifyPluginAsyncZod<{ checkout: PaymentService }> = async (
  app,
  { checkout },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/webhooks/payments',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Card gateway events (signed)',
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await checkout.receiveWebhook(
        request.body as string,
        request.headers['selfcare-signature'] as string | undefined,
      );
      return ok(null);
    },
  );
};
