import { orderDetailSchema, orderListItemSchema } from '@selfcare/domain/contracts/order-history';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import type { OrderHistoryService } from './order-history.service.ts';

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
        response: { 200: envelopeOf(z.array(orderListItemSchema)) },
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
        response: { 200: envelopeOf(orderDetailSchema) },
      },
    },
    async (request) => ok(await history.detail(currentUser(request), request.params.id)),
  );
};
