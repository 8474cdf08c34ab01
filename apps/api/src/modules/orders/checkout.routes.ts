import { OrderMessages } from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { PaymentService } from './payment.service.ts';
import type { QuoteService } from './quote.service.ts';

export const checkoutRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  checkout: PaymentService;
  quotes: QuoteService;
}> = async (app, { auth, checkout, quotes }) => {
  const security = [{ bearer: [] }];
  const tags = ['orders'];

  route(
    app,
    'GET /orders/draft/summary',
    { preHandler: authenticated(auth, 'getStarted'), schema: { tags, security } },
    async (request) => ok(await quotes.summary(currentUser(request), request.query.promotionCode)),
  );

  route(
    app,
    'POST /orders/checkout',
    { preHandler: authenticated(auth, 'getStarted'), schema: { tags, security } },
    async (request, reply) =>
      reply.status(201).send(ok(await checkout.start(currentUser(request), request.body), 'OK', 201)),
  );

  route(
    app,
    'POST /orders/checkout/:attemptId/complete',
    { preHandler: authenticated(auth), schema: { tags, security } },
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
  route(app, 'POST /webhooks/payments', { schema: { tags: ['webhooks'] } }, async (request) => {
    await checkout.receiveWebhook(
      request.body as string,
      request.headers['selfcare-signature'] as string | undefined,
    );
    return ok(null);
  });
};
