import { BillMessages } from '@selfcare/domain';
import {
  billDetailSchema,
  billListSchema,
  billPaymentSchema,
  payNowQrSchema,
  savedCardSchema,
} from '@selfcare/domain/contracts/bills';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
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
  const params = z.object({ id: z.uuid('Bill is invalid') });

  app.get(
    '/bills',
    {
      preHandler: authenticated(auth, 'bills'),
      schema: {
        tags,
        security,
        summary: 'The latest bills of the account, newest first (at most the configured number)',
        response: { 200: envelopeOf(billListSchema) },
      },
    },
    async (request) => ok(await billing.list(currentUser(request).id)),
  );

  app.get(
    '/bills/:id',
    {
      preHandler: authenticated(auth, 'bills'),
      schema: {
        tags,
        security,
        summary: 'One bill with its items per line and for the account, GST and what is left to pay',
        params,
        response: { 200: envelopeOf(billDetailSchema) },
      },
    },
    async (request) => ok(await billing.detail(currentUser(request).id, request.params.id)),
  );

  app.get(
    '/bills/:id/pdf',
    {
      preHandler: authenticated(auth, 'bills'),
      schema: {
        tags,
        security,
        summary: 'The bill as a PDF tax invoice, with a PayNow QR for what is left to pay',
        params,
      },
    },
    async (request, reply) => {
      const { number, pdf } = await billing.pdf(currentUser(request).id, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="bill-${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/bills/card',
    {
      preHandler: authenticated(auth, 'bills'),
      schema: {
        tags,
        security,
        summary: "Open the gateway's card page to change the card bills are paid with",
        response: { 200: envelopeOf(z.object({ redirectUrl: z.string() })) },
      },
    },
    async (request) => ok(await card.start(currentUser(request).id)),
  );

  app.post(
    '/bills/card/complete',
    {
      preHandler: authenticated(auth, 'bills'),
      schema: {
        tags,
        security,
        summary: "Keep the card of the customer's completed card page as the one bills are paid with",
        body: z.object({ sessionId: z.string().min(1, 'Card page is invalid').max(200) }),
        response: { 200: envelopeOf(savedCardSchema) },
      },
    },
    async (request) =>
      ok(await card.complete(currentUser(request).id, request.body.sessionId), BillMessages.cardChanged),
  );

  app.post(
    '/bills/:id/pay',
    {
      preHandler: authenticated(auth, 'bills'),
      schema: {
        tags,
        security,
        summary:
          'Pay what is left on the bill with the saved card: one charge however often it is asked (the payment in flight is answered)',
        params,
        body: z.object({ method: z.literal('card', 'Please choose how to pay') }),
        response: { 200: envelopeOf(billPaymentSchema) },
      },
    },
    async (request) => ok(await payments.payByCard(currentUser(request).id, request.params.id)),
  );

  app.get(
    '/bills/payments/:id',
    {
      preHandler: authenticated(auth, 'billResult'),
      schema: {
        tags,
        security,
        summary: "A payment of one of the account's bills and its outcome",
        params: z.object({ id: z.uuid('Payment is invalid') }),
        response: { 200: envelopeOf(billPaymentSchema) },
      },
    },
    async (request) => ok(await payments.view(currentUser(request).id, request.params.id)),
  );

  app.post(
    '/bills/:id/paynow',
    {
      preHandler: authenticated(auth, 'bills'),
      schema: {
        tags,
        security,
        summary: 'A PayNow QR (SGQR) for what is left on the bill, its reference the bill number',
        params,
        response: { 200: envelopeOf(payNowQrSchema) },
      },
    },
    async (request) => ok(await payments.payNow(currentUser(request).id, request.params.id)),
  );

  app.post(
    '/bills/:id/paynow/sent',
    {
      preHandler: authenticated(auth, 'bills'),
      schema: {
        tags,
        security,
        summary: 'The customer paid by PayNow: the bill shows Payment pending until the bank credits it',
        params,
        response: { 200: envelopeOf(billPaymentSchema) },
      },
    },
    async (request) => ok(await payments.payNowSent(currentUser(request).id, request.params.id)),
  );

  app.post(
    '/bills/:id/paynow/withdraw',
    {
      preHandler: authenticated(auth, 'bills'),
      schema: {
        tags,
        security,
        summary:
          '"I haven\'t paid yet": takes back the PayNow claim the bank has not credited; the bill is Due Now again',
        params,
        response: { 200: envelopeOf(billPaymentSchema) },
      },
    },
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
  app.post(
    '/webhooks/bank',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'PayNow credits from the bank (signed; each checked with the bank)',
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await payments.receiveBankEvent(
        request.body as string,
        request.headers['selfcare-signature'] as string | undefined,
      );
      return ok(null);
    },
  );
};
