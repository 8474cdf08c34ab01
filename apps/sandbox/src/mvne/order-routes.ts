import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Faults } from '../faults/faults.ts';
import { orderBodySchema, orderSchema } from './order-schemas.ts';
import type { ProductChangeRequest } from './product-changes.ts';
import { toProduct } from './product-views.ts';
import type { OrderItem, ProductOrder } from './records.ts';
import type { MvneStore } from './store.ts';
import { errorSchema, security, tags } from './tmf.ts';
import { type UsageOptions, usageGenerator } from './usage/routes.ts';

const POM = '/mvne/tmf-api/productOrderingManagement/v4';

interface OrderBodyItem {
  id: string;
  action: 'add' | 'modify' | 'delete';
  product: {
    productSpecification?: { id: string };
    productCharacteristic?: { name: string; value: string }[];
    id?: string;
    productOffering?: { id: string };
    realizingService?: { id: string }[];
    startDate?: string;
    terminationDate?: string;
  };
}

interface OrderBody {
  externalId: string;
  relatedParty: { id: string }[];
  relatedEntity?: { id: string; role?: string }[];
  productOrderItem: OrderBodyItem[];
}

/** An item changing live services: it names an offering to add, or a product to modify or delete. */
const isChange = (i: OrderBodyItem) => i.action !== 'add' || i.product.productOffering !== undefined;

function toItem(i: OrderBodyItem): OrderItem {
  const value = (name: string) => i.product.productCharacteristic?.find((c) => c.name === name)?.value;
  const number = value('MSISDN') ?? '';
  if (!/^[89]\d{7}$/.test(number))
    throw new RangeError(`item ${i.id}: MSISDN must be 8 digits starting with 8 or 9`);
  const donor = value('portInDonor');
  return {
    id: i.id,
    planCode: i.product.productSpecification?.id ?? '',
    msisdn: number,
    simType: value('simType') === 'eSIM' ? 'eSIM' : 'physical',
    portIn: donor ? { donor } : null,
  };
}

const toChange = (i: OrderBodyItem): ProductChangeRequest => ({
  id: i.id,
  action: i.action,
  productId: i.product.id,
  offering: i.product.productOffering?.id,
  services: i.product.realizingService?.map((s) => s.id),
  startDate: i.product.startDate,
  terminationDate: i.product.terminationDate,
});

/**
 * TMF622 Product Ordering, where `externalId` (our order id) makes creating an order idempotent. An
 * order either orders new lines (completing as their services activate) or changes products on live
 * services (adding an add-on, booster, top-up, roaming pack or IDD service, changing who shares a
 * shareable one, or ending one), which completes at once.
 */
export function registerOrderRoutes(
  mvne: FastifyInstance,
  store: MvneStore,
  opts: UsageOptions,
  faults: Faults,
) {
  const generate = usageGenerator(store, opts);
  const toOrder = (o: ProductOrder) => {
    const now = opts.clock.now().getTime();
    return {
      id: o.id,
      href: `${POM}/productOrder/${o.id}`,
      externalId: o.externalId,
      state: o.state,
      orderDate: o.orderDate,
      relatedParty: [{ id: o.customerRef, role: 'customer' }],
      relatedEntity: o.reservationId ? [{ id: o.reservationId, role: 'numberReservation' }] : [],
      productOrderItem: o.changes
        ? o.changes.map((c) => {
            const p = store.usage.product(c.productId);
            return { id: c.id, action: c.action, product: p ? toProduct(p, now) : { id: c.productId } };
          })
        : o.items.map((i) => ({
            id: i.id,
            action: 'add',
            product: {
              productSpecification: { id: i.planCode },
              productCharacteristic: [
                { name: 'MSISDN', value: i.msisdn },
                { name: 'simType', value: i.simType },
                ...(i.portIn ? [{ name: 'portInDonor', value: i.portIn.donor }] : []),
              ],
            },
          })),
    };
  };

  mvne.post<{ Body: OrderBody }>(
    `${POM}/productOrder`,
    {
      schema: {
        tags,
        security,
        summary:
          "Order new lines (productSpecification, the plan, and MSISDN), or change products on live services: add an offering (productOffering) for the services realizing it, with an optional startDate and terminationDate; modify a shareable product's services; delete a product (at terminationDate, or now). A change completes at once. The same externalId again returns the first order with 200.",
        body: orderBodySchema,
        response: {
          200: orderSchema,
          201: orderSchema,
          404: errorSchema,
          409: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const customerRef = (body.relatedParty[0] as { id: string }).id;
      const changes = body.productOrderItem.filter(isChange);
      if (changes.length) {
        if (changes.length !== body.productOrderItem.length)
          throw new RangeError('an order either orders new lines or changes live services, not both');
        // The fault switch's 'acknowledge' for the order (its id, services or products): taken, not
        // done, and not kept, so the same order sent again once the fault ends is done then.
        const about = [
          request.url,
          body.externalId,
          ...changes.flatMap((i) => [
            i.product.id ?? '',
            ...(i.product.realizingService ?? []).map((x) => x.id),
          ]),
        ].join(' ');
        if (faults.current('mvne', about) === 'acknowledge')
          return reply.status(201).send({
            id: randomUUID(),
            href: `${POM}/productOrder`,
            externalId: body.externalId,
            state: 'acknowledged',
            orderDate: opts.clock.now().toISOString(),
            relatedParty: [{ id: customerRef, role: 'customer' }],
            relatedEntity: [],
            productOrderItem: changes.map((i) => ({ id: i.id, action: i.action, product: {} })),
          });
        // Traffic up to now is rated (and announced) before the change, as without it.
        generate();
        const { order, created } = store.changeProducts(
          { externalId: body.externalId, customerRef, items: changes.map(toChange) },
          opts.clock.now(),
        );
        return reply.status(created ? 201 : 200).send(toOrder(order));
      }
      const reservationId = body.relatedEntity?.find((e) => e.role === 'numberReservation')?.id ?? null;
      const { order, created } = store.createOrder({
        externalId: body.externalId,
        customerRef,
        reservationId,
        items: body.productOrderItem.map(toItem),
      });
      return reply.status(created ? 201 : 200).send(toOrder(order));
    },
  );

  mvne.get<{ Params: { id: string } }>(
    `${POM}/productOrder/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'A product order and its state',
        response: { 200: orderSchema, 404: errorSchema },
      },
    },
    async (request) => toOrder(store.order(request.params.id)),
  );

  mvne.get<{ Querystring: { externalId: string } }>(
    `${POM}/productOrder`,
    {
      schema: {
        tags,
        security,
        summary: 'Find orders by our order id',
        querystring: {
          type: 'object',
          required: ['externalId'],
          properties: { externalId: { type: 'string' } },
        },
        response: { 200: { type: 'array', items: orderSchema } },
      },
    },
    async (request) => {
      const order = store.orderByExternalId(request.query.externalId);
      return order ? [toOrder(order)] : [];
    },
  );
}
