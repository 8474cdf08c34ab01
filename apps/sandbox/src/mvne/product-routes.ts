import type { FastifyInstance } from 'fastify';
import type { SandboxClock } from '../clock/clock.ts';
import { PIM, productSchema, toProduct } from './product-views.ts';
import { MvneNotFound } from './records.ts';
import type { MvneStore } from './store.ts';
import { errorSchema, security, tags } from './tmf.ts';

/**
 * TMF637 Product Inventory: the products on live services (add-ons, boosters, top-ups, roaming
 * packs, IDD services) that product orders put there, with their status on the sandbox clock.
 */
export function registerProductRoutes(
  mvne: FastifyInstance,
  store: MvneStore,
  opts: { clock: SandboxClock },
) {
  mvne.get<{ Querystring: { serviceId?: string } }>(
    `${PIM}/product`,
    {
      schema: {
        tags,
        security,
        summary:
          'The products realizing a service (serviceId), whatever their status: active, pendingTerminate (a delete ends it later) or terminated (past its terminationDate). Every product when no service is named.',
        querystring: {
          type: 'object',
          properties: { serviceId: { type: 'string', minLength: 1 } },
        },
        response: { 200: { type: 'array', items: productSchema } },
      },
    },
    async (request) => {
      const now = opts.clock.now().getTime();
      return store.usage.products(request.query.serviceId).map((p) => toProduct(p, now));
    },
  );

  mvne.get<{ Params: { id: string } }>(
    `${PIM}/product/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'A product on live services and its status',
        response: { 200: productSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const p = store.usage.product(request.params.id);
      if (!p) throw new MvneNotFound(`product ${request.params.id} not found`);
      return toProduct(p, opts.clock.now().getTime());
    },
  );
}
