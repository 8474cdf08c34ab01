import type { FastifyInstance } from 'fastify';
import type { Reservation } from './records.ts';
import type { MvneStore } from './store.ts';
import { errorSchema, msisdn, party, security, tags } from './tmf.ts';

const RPM = '/mvne/tmf-api/resourcePoolManagement/v4';

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

interface ReservationBody {
  relatedParty: { id: string }[];
  reservationItem: { resourceCapacity: { resource: { id: string }[] } }[];
  validFor?: { endDateTime?: string };
}

/**
 * TMF685 Resource Pool Management for mobile numbers: availability, reservation with an end time,
 * release.
 */
export function registerNumberRoutes(mvne: FastifyInstance, store: MvneStore) {
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
}
