import { Messages, mayUseRoute, type RouteName } from '@selfcare/domain';
import {
  lineProductSchema,
  lineRoamingSchema,
  productsViewSchema,
  roamingViewSchema,
} from '@selfcare/domain/contracts/products';
import { type ProductKind, ProductMessages } from '@selfcare/domain/products';
import {
  buyProductSchema,
  lineRoamingInputSchema,
  productLinesSchema,
  productsQuerySchema,
} from '@selfcare/domain/schemas/products';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
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

  app.get(
    '/products',
    {
      preHandler: authenticated(auth, 'manage'),
      schema: {
        tags,
        security,
        summary: "The account's lines, the products of a kind they may have, and those they have",
        querystring: productsQuerySchema,
        response: { 200: envelopeOf(productsViewSchema) },
      },
    },
    async (request) => {
      if (request.query.kind) mayUse(request, request.query.kind);
      else mayUse(request, 'addon');
      return ok(await products.view(currentUser(request).id, request.query));
    },
  );

  app.post(
    '/products',
    {
      preHandler: authenticated(auth, 'manage'),
      schema: {
        tags,
        security,
        summary:
          'Buy a product for a line: a monthly one is charged on the bill from today, a one-time one to the saved card now (402 when declined); the same requestKey again is the same purchase',
        body: buyProductSchema,
        response: { 200: envelopeOf(lineProductSchema), 201: envelopeOf(lineProductSchema) },
      },
    },
    async (request, reply) => {
      const kind = await products.kindOf(request.body.code);
      if (kind) mayUse(request, kind);
      const product = await products.buy(currentUser(request).id, request.body);
      reply.status(201);
      return ok(product, SAVED[product.kind], 201);
    },
  );

  app.get(
    '/products/roaming',
    {
      preHandler: authenticated(auth, 'roaming'),
      schema: {
        tags,
        security,
        summary: "Each line's roaming: on or off, the monthly spend cap and this month's charged roaming",
        response: { 200: envelopeOf(roamingViewSchema) },
      },
    },
    async (request) => ok(await roaming.view(currentUser(request).id)),
  );

  app.put(
    '/products/roaming/:lineId',
    {
      preHandler: authenticated(auth, 'roaming'),
      schema: {
        tags,
        security,
        summary:
          "Switch a line's roaming on or off and set its monthly spend cap (null: none); the MVNE is told by a job",
        params: z.object({ lineId: z.uuid() }),
        body: lineRoamingInputSchema,
        response: { 200: envelopeOf(lineRoamingSchema) },
      },
    },
    async (request) =>
      ok(
        await roaming.save(currentUser(request).id, request.params.lineId, request.body),
        'Data updated successfully',
      ),
  );

  app.put(
    '/products/:id/lines',
    {
      preHandler: authenticated(auth, 'manage'),
      schema: {
        tags,
        security,
        summary: 'Change the lines a shareable product serves (a monthly booster: once a month)',
        params: z.object({ id: z.uuid() }),
        body: productLinesSchema,
        response: { 200: envelopeOf(lineProductSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request).id;
      mayUse(request, await products.kindOfLineProduct(user, request.params.id));
      const product = await products.changeLines(user, request.params.id, request.body.lineIds);
      return ok(product, 'Data updated successfully');
    },
  );

  app.delete(
    '/products/:id',
    {
      preHandler: authenticated(auth, 'manage'),
      schema: {
        tags,
        security,
        summary: 'Unsubscribe: a monthly product serves, and is charged, to the end of the month',
        params: z.object({ id: z.uuid() }),
        response: { 200: envelopeOf(lineProductSchema) },
      },
    },
    async (request) => {
      const user = currentUser(request).id;
      const kind = await products.kindOfLineProduct(user, request.params.id);
      mayUse(request, kind);
      const product = await products.unsubscribe(user, request.params.id);
      return ok(product, SAVED[product.kind]);
    },
  );
};
