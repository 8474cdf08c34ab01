import { Messages, mayUseRoute, type RouteName } from '@selfcare/domain';
import { type ProductKind, ProductMessages } from '@selfcare/domain/products';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { LineRoamingSettings } from './line-roaming.ts';
import type { ProductsService } from './products.service.ts';

/**
 * The page each kind of product is bought on: its access rule is the endpoint's. Boosters are sold on
 * /manage/booster, which needs the enable flag (spec §6); lite top-ups on /manage/addOn, open to every
 * account holder, and beside the boosters for those who have them (ADR 0040).
 */
const PAGE_OF_KIND: Record<ProductKind, RouteName> = {
  addon: 'addOn',
  booster: 'booster',
  'top-up': 'addOn',
  'roaming-pack': 'roaming',
  idd: 'globalSMS',
};

/** What the customer reads when a subscription or its end is saved: the spec's text for each page. */
const SAVED: Record<ProductKind, string> = {
  addon: ProductMessages.addonChanged,
  booster: 'Data updated successfully',
  'top-up': 'Data updated successfully',
  'roaming-pack': 'Data updated successfully',
  idd: ProductMessages.serviceChanged,
};

/**
 * Products on the account's lines (ADR 0024): see what the lines may have and have, subscribe and
 * unsubscribe. Only the account holder's pages (a sub-line login has the dashboard only), each kind
 * under its page's access rule; another customer's line or product is not found.
 */
export const productsRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  products: ProductsService;
  roaming: LineRoamingSettings;
}> = async (app, { auth, products, roaming }) => {
  const tags = ['products'];
  const security = [{ bearer: [] }];
  const mayUse = (request: FastifyRequest, kind: ProductKind) => {
    const user = currentUser(request);
    if (!mayUseRoute({ ...user, isVerify: user.emailVerifiedAt !== null }, PAGE_OF_KIND[kind]))
      throw new AppError(403, Messages.forbidden);
  };

  route(
    app,
    'GET /products',
    { preHandler: authenticated(auth, 'manage'), schema: { tags, security } },
    async (request) => {
      if (request.query.kind) mayUse(request, request.query.kind);
      else mayUse(request, 'addon');
      return ok(await products.view(currentUser(request).id, request.query));
    },
  );

  route(
    app,
    'POST /products',
    {
      preHandler: authenticated(auth, 'manage'),
      schema: { tags, security },
    },
    async (request, reply) => {
      const kind = await products.kindOf(request.body.code);
      if (kind) mayUse(request, kind);
      const product = await products.buy(currentUser(request).id, request.body);
      reply.status(201);
      return ok(product, SAVED[product.kind], 201);
    },
  );

  route(
    app,
    'GET /products/roaming',
    { preHandler: authenticated(auth, 'roaming'), schema: { tags, security } },
    async (request) => ok(await roaming.view(currentUser(request).id)),
  );

  route(
    app,
    'PUT /products/roaming/:lineId',
    { preHandler: authenticated(auth, 'roaming'), schema: { tags, security } },
    async (request) =>
      ok(
        await roaming.save(currentUser(request).id, request.params.lineId, request.body),
        'Data updated successfully',
      ),
  );

  route(
    app,
    'PUT /products/:id/lines',
    { preHandler: authenticated(auth, 'manage'), schema: { tags, security } },
    async (request) => {
      const user = currentUser(request).id;
      mayUse(request, await products.kindOfLineProduct(user, request.params.id));
      const product = await products.changeLines(user, request.params.id, request.body.lineIds);
      return ok(product, 'Data updated successfully');
    },
  );

  route(
    app,
    'DELETE /products/:id',
    { preHandler: authenticated(auth, 'manage'), schema: { tags, security } },
    async (request) => {
      const user = currentUser(request).id;
      const kind = await products.kindOfLineProduct(user, request.params.id);
      mayUse(request, kind);
      const product = await products.unsubscribe(user, request.params.id);
      return ok(product, SAVED[product.kind]);
    },
  );
};
