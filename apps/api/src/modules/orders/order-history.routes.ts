import { ORDER_STATUSES } from '@selfcare/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import type { OrderHistoryService } from './order-history.service.ts';

const summary = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  totalCents: z.number().int(),
  status: z.enum(ORDER_STATUSES),
});

const address = z.object({
  postalCode: z.string(),
  blockNumber: z.string(),
  roadName: z.string(),
  building: z.string().nullish(),
  unitNumber: z.string().nullish(),
});

/** A rejected or cancelled order: the reason staff gave the customer and the refund of its charge. */
const outcome = z.object({
  reason: z.string().nullable(),
  at: z.string().nullable(),
  refund: z
    .object({ amountCents: z.number().int(), status: z.enum(['pending', 'succeeded', 'failed']) })
    .nullable(),
});

export const orderHistoryRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  history: OrderHistoryService;
}> = async (app, { auth, history }) => {
  const security = [{ bearer: [] }];
  const tags = ['orders'];

  app.get(
    '/orders',
    {
      preHandler: authenticated(auth, 'orders'),
      schema: {
        tags,
        security,
        summary: "The customer's orders, newest first",
        response: { 200: envelopeOf(z.array(summary)) },
      },
    },
    async (request) => ok(await history.list(currentUser(request))),
  );

  app.get(
    '/orders/:id',
    {
      preHandler: authenticated(auth, 'orderDetail'),
      schema: {
        tags,
        security,
        summary: 'One order with its lines, charges and timeline',
        params: z.object({ id: z.uuid() }),
        response: {
          200: envelopeOf(
            summary.extend({
              dueNowCents: z.number().int(),
              typeSim: z.number().int(),
              deliveryMethod: z.number().int().nullable(),
              deliveryDate: z.string().nullable(),
              deliveryAddress: address.nullable(),
              billingAddress: address,
              quote: z.object({
                items: z.array(
                  z.object({ kind: z.string(), label: z.string(), amountCents: z.number().int() }),
                ),
                totalCents: z.number().int(),
                gstPercent: z.number(),
                gstCents: z.number().int(),
                dueNowCents: z.number().int(),
              }),
              lines: z.array(
                z.object({
                  position: z.number().int(),
                  label: z.string(),
                  planName: z.string(),
                  addonCodes: z.array(z.string()),
                  numberType: z.string(),
                  msisdn: z.string(),
                }),
              ),
              timeline: z.array(z.object({ at: z.string(), text: z.string() })),
              outcome: outcome.nullable(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await history.detail(currentUser(request), request.params.id)),
  );
};
