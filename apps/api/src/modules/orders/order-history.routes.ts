import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { OrderHistoryService } from './order-history.service.ts';

export const orderHistoryRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  history: OrderHistoryService;
}> = async (app, { auth, history }) => {
  const security = [{ bearer: [] }];
  const tags = ['orders'];

  route(
    app,
    'GET /orders',
    { preHandler: authenticated(auth, 'orders'), schema: { tags, security } },
    async (request) => ok(await history.list(currentUser(request))),
  );

  route(
    app,
    'GET /orders/:id',
    { preHandler: authenticated(auth, 'orderDetail'), schema: { tags, security } },
    async (request) => ok(await history.detail(currentUser(request), request.params.id)),
  );
};
