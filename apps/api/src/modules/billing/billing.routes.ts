import { BillMessages } from '@selfcare/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { BillPayments } from './bill-payments.ts';
import type { BillingService } from './billing.service.ts';
import type { SavedCard } from './saved-card.ts';

/** The account's bills; another account's bill is not found. */
export const billingRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  billing: BillingService;
  payments: BillPayments;
  card: SavedCard;
}> = async (app, { auth, billing, payments, card }) => {
  const tags = ['bills'];
  const security = [{ bearer: [] }];

  route(
    app,
    'GET /bills',
    { preHandler: authenticated(auth, 'bills'), schema: { tags, security } },
    async (request) => ok(await billing.list(currentUser(request).id)),
  );

  route(
    app,
    'GET /bills/:id',
    { preHandler: authenticated(auth, 'bills'), schema: { tags, security } },
    async (request) => ok(await billing.detail(currentUser(request).id, request.params.id)),
  );

  route(
    app,
    'GET /bills/:id/pdf',
    { preHandler: authenticated(auth, 'bills'), schema: { tags, security } },
    async (request, reply) => {
      const { number, pdf } = await billing.pdf(
        currentUser(request).id,
        request.params.id,
        request.headers['accept-language'],
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="bill-${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  route(
    app,
    'POST /bills/card',
    { preHandler: authenticated(auth, 'bills'), schema: { tags, security } },
    async (request) => ok(await card.start(currentUser(request).id)),
  );

  route(
    app,
    'POST /bills/card/complete',
    { preHandler: authenticated(auth, 'bills'), schema: { tags, security } },
    async (request) =>
      ok(await card.complete(currentUser(request).id, request.body.sessionId), BillMessages.cardChanged),
  );

  route(
    app,
    'POST /bills/:id/pay',
    { preHandler: authenticated(auth, 'bills'), schema: { tags, security } },
    async (request) => ok(await payments.payByCard(currentUser(request).id, request.params.id)),
  );

  route(
    app,
    'GET /bills/payments/:id',
    { preHandler: authenticated(auth, 'billResult'), schema: { tags, security } },
    async (request) => ok(await payments.view(currentUser(request).id, request.params.id)),
  );

  route(
    app,
    'POST /bills/:id/paynow',
    { preHandler: authenticated(auth, 'bills'), schema: { tags, security } },
    async (request) => ok(await payments.payNow(currentUser(request).id, request.params.id)),
  );

  route(
    app,
    'POST /bills/:id/paynow/sent',
    { preHandler: authenticated(auth, 'bills'), schema: { tags, security } },
    async (request) => ok(await payments.payNowSent(currentUser(request).id, request.params.id)),
  );

  route(
    app,
    'POST /bills/:id/paynow/withdraw',
    { preHandler: authenticated(auth, 'bills'), schema: { tags, security } },
    async (request) => ok(await payments.withdrawPayNowClaim(currentUser(request).id, request.params.id)),
  );
};

/** The bank's signed PayNow events. The signature covers the raw body, so it is read as text here. */
export const bankWebhookRoutes: FastifyPluginAsyncZod<{ payments: BillPayments }> = async (
  app,
  { payments },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  route(app, 'POST /webhooks/bank', { schema: { tags: ['webhooks'] } }, async (request) => {
    await payments.receiveBankEvent(
      request.body as string,
      request.headers['selfcare-signature'] as string | undefined,
    );
    return ok(null);
  });
};
