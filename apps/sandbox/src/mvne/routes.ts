import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxClock } from '../clock/clock.ts';
import type { Faults } from '../faults/faults.ts';
import { deliverWebhook } from '../webhooks.ts';
import { registerLifecycleRoutes } from './lifecycle-routes.ts';
import {
  MvneConflict,
  MvneNotFound,
  type MvneStore,
  type OrderItem,
  type ProductOrder,
  type Reservation,
  type Subscription,
} from './store.ts';

const RPM = '/mvne/tmf-api/resourcePoolManagement/v4';
const SAC = '/mvne/tmf-api/serviceActivationAndConfiguration/v4';
const POM = '/mvne/tmf-api/productOrderingManagement/v4';

/** TMF630 error body. */
const tmfError = (status: number, reason: string, message: string) => ({
  code: String(status),
  reason,
  message,
  status: String(status),
});
const errorSchema = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    reason: { type: 'string' },
    message: { type: 'string' },
    status: { type: 'string' },
  },
} as const;
const msisdn = { type: 'string', pattern: '^[89]\\d{7}$' } as const;
const party = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', minLength: 1 }, role: { type: 'string' } },
  },
} as const;

const reservationSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    href: { type: 'string' },
    reservationState: { type: 'string', enum: ['completed', 'cancelled', 'expired', 'consumed'] },
    relatedParty: party,
    reservationItem: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          quantity: { type: 'integer' },
          resourceCapacity: {
            type: 'object',
            properties: {
              resourcePool: { type: 'object', properties: { id: { type: 'string' } } },
              resource: {
                type: 'array',
                items: { type: 'object', properties: { id: msisdn, value: { type: 'string' } } },
              },
            },
          },
        },
      },
    },
    validFor: {
      type: 'object',
      properties: { startDateTime: { type: 'string' }, endDateTime: { type: 'string' } },
    },
  },
} as const;

const characteristic = {
  type: 'array',
  items: {
    type: 'object',
    required: ['name', 'value'],
    properties: { name: { type: 'string' }, value: { type: 'string' } },
  },
} as const;
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

export interface MvneOptions {
  apiKey: string;
  /** How long an activation takes (the spec's "within 4 hours", shortened for the demo and tests). */
  activationDelayMs: number;
  /** Where service events are posted, signed with `webhookSecret`; none when unset. */
  webhookUrl?: string;
  webhookSecret: string;
  /** The SM-DP+ address in eSIM activation codes. */
  smdpAddress: string;
  clock: SandboxClock;
}

function toService(x: Subscription) {
  return {
    id: x.id,
    href: `${SAC}/service/${x.id}`,
    externalId: x.externalId,
    state: x.state,
    startDate: x.activatedAt,
    serviceCharacteristic: [
      { name: 'MSISDN', value: x.msisdn },
      { name: 'simType', value: x.simType },
      ...(x.iccid ? [{ name: 'ICCID', value: x.iccid }] : []),
      ...(x.imsi ? [{ name: 'IMSI', value: x.imsi }] : []),
      ...(x.portInMsisdn ? [{ name: 'portInMSISDN', value: x.portInMsisdn }] : []),
    ],
  };
}
const serviceSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    href: { type: 'string' },
    externalId: { type: 'string' },
    state: { type: 'string', enum: ['inProgress', 'active', 'suspended', 'terminated'] },
    startDate: { type: ['string', 'null'] },
    serviceCharacteristic: characteristic,
  },
} as const;

function toReservation(r: Reservation) {
  return {
    id: r.id,
    href: `${RPM}/reservation/${r.id}`,
    reservationState: r.state,
    relatedParty: [{ id: r.customerRef, role: 'customer' }],
    reservationItem: [
      {
        quantity: r.msisdns.length,
        resourceCapacity: {
          resourcePool: { id: 'msisdn' },
          resource: r.msisdns.map((m) => ({ id: m, value: `+65${m}` })),
        },
      },
    ],
    validFor: { startDateTime: r.createdAt, endDateTime: r.endDateTime },
  };
}

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

interface ReservationBody {
  relatedParty: { id: string }[];
  reservationItem: { resourceCapacity: { resource: { id: string }[] } }[];
  validFor?: { endDateTime?: string };
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

/**
 * The MVNE's provisioning API, shaped on TM Forum Open APIs: TMF685 Resource Pool Management for
 * mobile numbers (availability, reservation with an end time, release) and TMF622 Product Ordering,
 * where `externalId` (our order id) makes creating an order idempotent.
 */
export function registerMvneRoutes(
  app: FastifyInstance,
  store: MvneStore,
  faults: Faults,
  opts: MvneOptions,
) {
  const { apiKey } = opts;
  /** Completes an activation when its time comes and tells the operator with a signed event. */
  const scheduleCompletion = (x: Subscription) => {
    const wait = Math.max(0, Date.parse(x.completesAt) - Date.now());
    setTimeout(() => {
      if (!store.complete(x.id) || !opts.webhookUrl) return;
      void deliverWebhook(opts.webhookUrl, opts.webhookSecret, {
        id: `evt_${randomUUID()}`,
        type: 'service.activated',
        created: Math.floor(Date.now() / 1000),
        data: { service: toService(store.subscription(x.id)) },
      });
    }, wait).unref();
  };
  app.register(async (mvne) => {
    mvne.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.headers.authorization !== `Bearer ${apiKey}`)
        return reply.status(401).send(tmfError(401, 'Unauthorized', 'invalid api key'));
    });
    mvne.addHook('onRequest', faults.hook('mvne'));
    mvne.setErrorHandler((err: Error & { statusCode?: number }, _request, reply) => {
      if (err instanceof MvneNotFound) return reply.status(404).send(tmfError(404, 'Not Found', err.message));
      if (err instanceof MvneConflict) return reply.status(409).send(tmfError(409, 'Conflict', err.message));
      if (err instanceof RangeError)
        return reply.status(422).send(tmfError(422, 'Unprocessable', err.message));
      const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 500;
      return reply
        .status(status)
        .send(tmfError(status, status === 400 ? 'Bad Request' : 'Error', err.message));
    });
    const tags = ['mvne'];
    const security = [{ bearer: [] }];

    mvne.get<{ Querystring: { contains?: string; offset?: number; limit?: number } }>(
      `${RPM}/availableResource`,
      {
        schema: {
          tags,
          security,
          summary: 'Mobile numbers free to reserve, filtered by digits, a page at a time',
          querystring: {
            type: 'object',
            properties: {
              contains: { type: 'string', pattern: '^\\d{0,8}$' },
              offset: { type: 'integer', minimum: 0, default: 0 },
              limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            },
          },
          response: {
            200: {
              type: 'object',
              properties: {
                totalCount: { type: 'integer' },
                resource: {
                  type: 'array',
                  items: { type: 'object', properties: { id: msisdn, value: { type: 'string' } } },
                },
              },
            },
          },
        },
      },
      async (request) => {
        const { contains = '', offset = 0, limit = 20 } = request.query;
        const page = store.available(contains, offset, limit);
        return { totalCount: page.total, resource: page.items.map((m) => ({ id: m, value: `+65${m}` })) };
      },
    );

    mvne.post<{ Body: ReservationBody }>(
      `${RPM}/reservation`,
      {
        schema: {
          tags,
          security,
          summary: 'Hold numbers for a customer until validFor.endDateTime (at most 24 hours)',
          body: {
            type: 'object',
            required: ['relatedParty', 'reservationItem'],
            properties: {
              relatedParty: party,
              reservationItem: {
                type: 'array',
                minItems: 1,
                items: {
                  type: 'object',
                  required: ['resourceCapacity'],
                  properties: {
                    resourceCapacity: {
                      type: 'object',
                      required: ['resource'],
                      properties: {
                        resource: {
                          type: 'array',
                          minItems: 1,
                          maxItems: 10,
                          items: { type: 'object', required: ['id'], properties: { id: msisdn } },
                        },
                      },
                    },
                  },
                },
              },
              validFor: {
                type: 'object',
                properties: { endDateTime: { type: 'string', format: 'date-time' } },
              },
            },
          },
          response: { 201: reservationSchema, 404: errorSchema, 409: errorSchema },
        },
      },
      async (request, reply) => {
        const body = request.body;
        const numbers = body.reservationItem.flatMap((i) => i.resourceCapacity.resource.map((r) => r.id));
        const end = body.validFor?.endDateTime ? new Date(body.validFor.endDateTime) : null;
        const reservation = store.reserve((body.relatedParty[0] as { id: string }).id, numbers, end);
        return reply.status(201).send(toReservation(reservation));
      },
    );

    mvne.get<{ Params: { id: string } }>(
      `${RPM}/reservation/:id`,
      {
        schema: {
          tags,
          security,
          summary: 'A reservation and its state',
          response: { 200: reservationSchema, 404: errorSchema },
        },
      },
      async (request) => toReservation(store.reservation(request.params.id)),
    );

    mvne.patch<{ Params: { id: string }; Body: { reservationState: 'cancelled' } }>(
      `${RPM}/reservation/:id`,
      {
        schema: {
          tags,
          security,
          summary: 'Cancel a reservation, releasing its numbers',
          body: {
            type: 'object',
            required: ['reservationState'],
            properties: { reservationState: { type: 'string', enum: ['cancelled'] } },
          },
          response: { 200: reservationSchema, 404: errorSchema },
        },
      },
      async (request) => toReservation(store.cancel(request.params.id)),
    );

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

    mvne.post<{
      Body: { externalId: string; serviceCharacteristic: { name: string; value: string }[] };
    }>(
      `${SAC}/service`,
      {
        schema: {
          tags,
          security,
          summary:
            'Activate a mobile service on a SIM (MSISDN, simType, ICCID and IMSI for a physical SIM). Completes asynchronously: a signed service.activated event follows, and GET shows the state. The same externalId again returns the first service with 200.',
          body: {
            type: 'object',
            required: ['externalId', 'serviceCharacteristic'],
            properties: {
              externalId: { type: 'string', minLength: 1 },
              serviceCharacteristic: characteristic,
            },
          },
          response: { 200: serviceSchema, 201: serviceSchema, 409: errorSchema, 422: errorSchema },
        },
      },
      async (request, reply) => {
        const value = (name: string) =>
          request.body.serviceCharacteristic.find((c) => c.name === name)?.value ?? null;
        const portInMsisdn = value('portInMSISDN');
        const msisdn = value('MSISDN') ?? portInMsisdn ?? '';
        if (!/^[89]\d{7}$/.test(msisdn)) throw new RangeError('MSISDN must be 8 digits starting with 8 or 9');
        const simType = value('simType') === 'eSIM' ? 'eSIM' : 'physical';
        const iccid = value('ICCID');
        const imsi = value('IMSI');
        if (simType === 'physical' && (!iccid || !imsi))
          throw new RangeError('a physical SIM needs its ICCID and IMSI');
        const { subscription, created } = store.activate(
          { externalId: request.body.externalId, msisdn, simType, iccid, imsi, portInMsisdn },
          opts.activationDelayMs,
        );
        if (created) scheduleCompletion(subscription);
        return reply.status(created ? 201 : 200).send(toService(subscription));
      },
    );

    mvne.get<{ Params: { id: string } }>(
      `${SAC}/service/:id`,
      {
        schema: {
          tags,
          security,
          summary: 'A service and its state',
          response: { 200: serviceSchema, 404: errorSchema },
        },
      },
      async (request) => toService(store.subscription(request.params.id)),
    );

    mvne.patch<{
      Params: { id: string };
      Body: {
        state?: 'active' | 'suspended' | 'terminated';
        serviceCharacteristic?: { name: string; value: string }[];
      };
    }>(
      `${SAC}/service/:id`,
      {
        schema: {
          tags,
          security,
          summary:
            'Suspend, resume or terminate an active service (state), or move it onto another SIM (serviceCharacteristic ICCID, and IMSI for a physical SIM)',
          body: {
            type: 'object',
            minProperties: 1,
            properties: {
              state: { type: 'string', enum: ['active', 'suspended', 'terminated'] },
              serviceCharacteristic: characteristic,
            },
          },
          response: { 200: serviceSchema, 404: errorSchema, 409: errorSchema, 422: errorSchema },
        },
      },
      async (request) => {
        const { id } = request.params;
        const value = (name: string) =>
          request.body.serviceCharacteristic?.find((c) => c.name === name)?.value ?? null;
        const iccid = value('ICCID');
        if (iccid) store.swapSim(id, { iccid, imsi: value('IMSI') });
        if (request.body.state) store.setSubscriptionState(id, request.body.state);
        return toService(store.subscription(id));
      },
    );

    registerLifecycleRoutes(mvne, store, opts);
  });
}
