import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { SandboxClock } from '../../clock/clock.ts';
import { deliverWebhook } from '../../webhooks.ts';
import { MvneNotFound } from '../records.ts';
import type { MvneStore } from '../store.ts';
import { security, tags } from '../tmf.ts';
import type { TrafficProfile } from './traffic.ts';

const TMF677 = '/mvne/tmf-api/usageConsumption/v4';
const TMF635 = '/mvne/tmf-api/usageManagement/v4';

export interface UsageOptions {
  clock: SandboxClock;
  /** Where the MVNE's events are posted, signed with `webhookSecret`; none when unset. */
  webhookUrl?: string;
  webhookSecret: string;
}

const bucketSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    usageType: { type: 'string', enum: ['data', 'voice', 'sms'] },
    scope: { type: 'string', enum: ['local', 'roaming', 'idd'] },
    origin: { type: 'string', enum: ['plan', 'rollover', 'addon'] },
    isShared: { type: 'boolean' },
    serviceId: { type: ['string', 'null'] },
    size: { type: 'number' },
    remaining: { type: 'number' },
    units: { type: 'string', enum: ['BYTES', 'SECONDS', 'EVENTS'] },
    validFor: {
      type: 'object',
      properties: { startDateTime: { type: 'string' }, endDateTime: { type: ['string', 'null'] } },
    },
    product: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
  },
} as const;

/** Documents the records; the route sends them already serialised (a page is up to 5,000 of them). */
const recordSchema = {
  type: 'object',
  properties: {
    sequence: { type: 'integer' },
    id: { type: 'string' },
    usageDate: { type: 'string' },
    usageType: { type: 'string', enum: ['data', 'voice', 'sms'] },
    serviceId: { type: 'string' },
    direction: { type: ['string', 'null'], enum: ['outgoing', 'incoming', null] },
    scope: { type: 'string', enum: ['local', 'idd', 'roaming'] },
    country: { type: 'string' },
    /** Only on an incoming call or SMS at home from a number abroad: the caller's country. */
    originCountry: { type: 'string' },
    volume: { type: 'integer' },
    units: { type: 'string', enum: ['BYTES', 'SECONDS', 'EVENTS'] },
    bucketId: { type: ['string', 'null'] },
    outOfBundle: { type: 'integer' },
    chargeCents: { type: 'integer' },
  },
} as const;

/**
 * Generates traffic up to the sandbox clock and, when records were written, tells the operator with
 * a signed event naming the newest sequence (the operator also polls, so a lost event only delays).
 */
export function usageGenerator(store: MvneStore, opts: UsageOptions) {
  return () => {
    const written = store.generateUntil(opts.clock.now());
    if (!written || !opts.webhookUrl) return;
    const id = `evt_${randomUUID()}`;
    void deliverWebhook(opts.webhookUrl, opts.webhookSecret, {
      id,
      type: 'UsageCreateBatchEvent',
      created: Math.floor(Date.now() / 1000),
      eventId: id,
      eventType: 'UsageCreateBatchEvent',
      eventTime: opts.clock.now().toISOString(),
      event: { lastSequence: store.recordCount() },
    });
  };
}

/**
 * TMF677 usage consumption (the lines' balance buckets of the bundle month) and TMF635 usage records
 * (every rated data session, call and SMS, read by sequence). Both bring the traffic up to the sandbox
 * clock first; a run every second does the same as the clock moves.
 */
export function registerUsageRoutes(mvne: FastifyInstance, store: MvneStore, opts: UsageOptions) {
  const generate = usageGenerator(store, opts);

  mvne.post<{ Body: { searchCriteria: { serviceId: string[] } } }>(
    `${TMF677}/queryUsageConsumption`,
    {
      schema: {
        tags,
        security,
        summary:
          "The services' balance buckets for the current bundle month (from 00:00 Singapore time on the 1st): plan data, talk time, SMS and roaming data, data carried over, and the buckets of their products (origin 'addon', with the product's id and name; a shared product's once, with isShared and no serviceId). Unlimited allowances have no bucket; unknown services are left out.",
        body: {
          type: 'object',
          required: ['searchCriteria'],
          properties: {
            searchCriteria: {
              type: 'object',
              required: ['serviceId'],
              properties: {
                serviceId: {
                  type: 'array',
                  minItems: 1,
                  maxItems: 200,
                  items: { type: 'string', minLength: 1 },
                },
              },
            },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              effectiveDate: { type: 'string' },
              bucket: { type: 'array', items: bucketSchema },
            },
          },
        },
      },
    },
    async (request) => {
      generate();
      return {
        id: randomUUID(),
        effectiveDate: opts.clock.now().toISOString(),
        bucket: store.usage.buckets(request.body.searchCriteria.serviceId, opts.clock.now().getTime()),
      };
    },
  );

  mvne.get<{ Querystring: { afterSequence: number; limit: number } }>(
    `${TMF635}/usage`,
    {
      schema: {
        tags,
        security,
        summary:
          "Rated usage records (data sessions, calls, SMS) with a sequence greater than afterSequence, oldest first, at most limit. An incoming call or SMS at home from a number abroad is local, with country SG, and has originCountry, the caller's country (no other record has it). X-Last-Sequence gives the newest sequence stored.",
        querystring: {
          type: 'object',
          properties: {
            afterSequence: { type: 'integer', minimum: 0, default: 0 },
            limit: { type: 'integer', minimum: 1, maximum: 5000, default: 1000 },
          },
        },
        response: { 200: { type: 'array', items: recordSchema } },
      },
    },
    async (request, reply) => {
      generate();
      const page = store.usage.records(request.query.afterSequence, request.query.limit);
      // A string is sent as it is: no per-record serialisation for pages of thousands.
      return reply
        .header('x-last-sequence', String(store.recordCount()))
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(page));
    },
  );

  const timer = setInterval(() => {
    try {
      generate();
    } catch (err) {
      console.error('usage generation failed', err);
    }
  }, 1000);
  timer.unref();
  mvne.addHook('onClose', async () => clearInterval(timer));
}

const profileSchema = {
  type: 'object',
  properties: {
    seed: { type: 'integer', minimum: 0, maximum: 4294967295 },
    dataSessionsPerDay: { type: 'number', minimum: 0, maximum: 500 },
    meanSessionMb: { type: 'number', minimum: 0.01, maximum: 1024 },
    callsPerDay: { type: 'number', minimum: 0, maximum: 200 },
    meanCallSeconds: { type: 'number', minimum: 1, maximum: 3600 },
    smsPerDay: { type: 'number', minimum: 0, maximum: 200 },
    iddShare: { type: 'number', minimum: 0, maximum: 1 },
    incomingFromAbroadShare: { type: 'number', minimum: 0, maximum: 1 },
    roamingTripsPerMonth: { type: 'number', minimum: 0, maximum: 10 },
  },
} as const;

/**
 * The traffic profile of the sandbox network, for demos and tests (no API key, like the clock); with
 * `serviceId`, one line's own (a heavy user, say), the rest of the network unchanged.
 */
export function registerTrafficRoutes(app: FastifyInstance, store: MvneStore) {
  const trafficTags = ['mvne-sandbox'];
  const querystring = {
    type: 'object',
    properties: { serviceId: { type: 'string', minLength: 1, maxLength: 100 } },
  } as const;
  const notFound = { type: 'object', properties: { message: { type: 'string' } } } as const;
  type Query = { Querystring: { serviceId?: string } };
  const orNotFound = (reply: FastifyReply, read: () => TrafficProfile) => {
    try {
      return read();
    } catch (err) {
      if (err instanceof MvneNotFound) return reply.status(404).send({ message: 'No such service' });
      throw err;
    }
  };
  app.get<Query>(
    '/sandbox/api/mvne/traffic',
    {
      schema: {
        tags: trafficTags,
        summary:
          "The sandbox network's traffic profile (what its lines do each day, and its seed), or one service's",
        querystring,
        response: { 200: profileSchema, 404: notFound },
      },
    },
    async (request, reply) => orNotFound(reply, () => store.trafficProfile(request.query.serviceId)),
  );
  app.put<Query & { Body: Partial<TrafficProfile> }>(
    '/sandbox/api/mvne/traffic',
    {
      schema: {
        tags: trafficTags,
        summary:
          "Change the traffic profile (any of its fields), the network's or one service's, for the hours not generated yet; the same seed and profile give the same traffic",
        querystring,
        // propertyNames, not additionalProperties: the sandbox's validator drops unknown fields silently.
        body: {
          ...profileSchema,
          minProperties: 1,
          propertyNames: { enum: Object.keys(profileSchema.properties) },
        },
        response: { 200: profileSchema, 404: notFound },
      },
    },
    async (request, reply) =>
      orNotFound(reply, () => store.setTrafficProfile(request.body, request.query.serviceId)),
  );
}
