import { Messages } from '@selfcare/domain';
import { NETWORKS } from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
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

  route(app, 'GET /orders/offer', { preHandler, schema: { tags, security } }, async (request) =>
    ok({
      ...(await orders.offer(currentUser(request))),
      networks: NETWORKS.map((name, id) => ({ id, name })),
    }),
  );

  route(app, 'GET /orders/numbers', { preHandler, schema: { tags, security } }, async (request) =>
    ok(
      await numbers.searchNumbers(
        currentUser(request),
        request.query.contains ?? '',
        request.query.page ?? 1,
      ),
    ),
  );

  route(app, 'GET /orders/draft', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await orders.draft(currentUser(request))),
  );

  route(app, 'PUT /orders/draft/plan', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await orders.savePlan(currentUser(request), request.body)),
  );

  route(app, 'PUT /orders/draft/numbers', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await numbers.saveNumbers(currentUser(request), request.body)),
  );

  route(app, 'PUT /orders/draft/account', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await orders.saveAccount(currentUser(request), request.body)),
  );

  route(app, 'DELETE /orders/draft/myinfo', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await orders.clearMyinfo(currentUser(request))),
  );

  route(app, 'GET /orders/address', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await orders.lookupAddress(currentUser(request), request.query.postalCode, request.query.method)),
  );

  route(app, 'GET /orders/delivery-dates', { preHandler, schema: { tags, security } }, async (request) =>
    ok(orders.deliveryDates(currentUser(request), request.query.method)),
  );

  route(app, 'PUT /orders/draft/delivery', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await orders.saveDelivery(currentUser(request), request.body)),
  );

  route(
    app,
    'POST /orders/documents',
    { preHandler: authenticated(auth, 'uploadID'), schema: { tags, security } },
    async (request) => {
      await orders.submitRequestedDocuments(currentUser(request), request.body);
      // New documents added to the order: the spec's create toast, shown by /uploadID (ADR 0035).
      return ok(null, Messages.dataAdded);
    },
  );

  route(app, 'POST /orders/promotion', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await quotes.checkPromotion(currentUser(request), request.body.code)),
  );
};
