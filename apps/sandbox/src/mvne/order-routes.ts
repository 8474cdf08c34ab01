import type { FastifyInstance } from 'fastify';
import type { OrderItem, ProductOrder } from './records.ts';
import type { MvneStore } from './store.ts';
import { characteristic, errorSchema, party, security, tags } from './tmf.ts';

const POM = '/mvne/tmf-api/productOrderingManagement/v4';

const orderItemSchema = {
  type: 'object',
  required: ['id', 'action', 'product'],
  properties: {
    id: { type: 'string' },
    action: { type: 'string', enum: ['add'] },
    product: {
      type: 'object',
      required: ['productSpecification', 'productCharacteristic'],
      properties: {
        productSpecification: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', minLength: 1 } },
        },
        productCharacteristic: characteristic,
      },
    },
  },
} as const;
const orderSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    href: { type: 'string' },
    externalId: { type: 'string' },
    state: { type: 'string' },
    orderDate: { type: 'string' },
    relatedParty: party,
    relatedEntity: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'string' }, role: { type: 'string' } } },
    },
    productOrderItem: { type: 'array', items: orderItemSchema },
  },
} as const;

function toOrder(o: ProductOrder) {
  return {
    id: o.id,
    href: `${POM}/productOrder/${o.id}`,
    externalId: o.externalId,
    state: o.state,
    orderDate: o.orderDate,
    relatedParty: [{ id: o.customerRef, role: 'customer' }],
    relatedEntity: o.reservationId ? [{ id: o.reservationId, role: 'numberReservation' }] : [],
    productOrderItem: o.items.map((i) => ({
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
}

interface OrderBody {
  externalId: string;
  relatedParty: { id: string }[];
  relatedEntity?: { id: string; role?: string }[];
  productOrderItem: {
    id: string;
    product: {
      productSpecification: { id: string };
      productCharacteristic: { name: string; value: string }[];
    };
  }[];
}

function toItem(i: OrderBody['productOrderItem'][number]): OrderItem {
  const value = (name: string) => i.product.productCharacteristic.find((c) => c.name === name)?.value;
  const number = value('MSISDN') ?? '';
  if (!/^[89]\d{7}$/.test(number))
    throw new RangeError(`item ${i.id}: MSISDN must be 8 digits starting with 8 or 9`);
  const donor = value('portInDonor');
  return {
    id: i.id,
    planCode: i.product.productSpecification.id,
    msisdn: number,
    simType: value('simType') === 'eSIM' ? 'eSIM' : 'physical',
    portIn: donor ? { donor } : null,
  };
}

/** TMF622 Product Ordering, where `externalId` (our order id) makes creating an order idempotent. */
export function registerOrderRoutes(mvne: FastifyInstance, store: MvneStore) {
  mvne.post<{ Body: OrderBody }>(
    `${POM}/productOrder`,
    {
      schema: {
        tags,
        security,
        summary: 'Order lines; the same externalId again returns the first order with 200',
        body: {
          type: 'object',
          required: ['externalId', 'relatedParty', 'productOrderItem'],
          properties: {
            externalId: { type: 'string', minLength: 1 },
            relatedParty: party,
            relatedEntity: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id'],
                properties: { id: { type: 'string' }, role: { type: 'string' } },
              },
            },
            productOrderItem: { type: 'array', minItems: 1, maxItems: 10, items: orderItemSchema },
          },
        },
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
      const reservationId = body.relatedEntity?.find((e) => e.role === 'numberReservation')?.id ?? null;
      const { order, created } = store.createOrder({
        externalId: body.externalId,
        customerRef: (body.relatedParty[0] as { id: string }).id,
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
