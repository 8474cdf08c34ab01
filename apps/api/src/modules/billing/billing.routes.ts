import { billDetailSchema, billListSchema } from '@selfcare/domain/contracts/bills';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import type { BillingService } from './billing.service.ts';

/** The account's bills; another account's bill is not found. */
export const billingRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  billing: BillingService;
}> = async (app, { auth, billing }) => {
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
};
