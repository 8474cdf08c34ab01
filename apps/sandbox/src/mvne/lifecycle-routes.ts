import { randomUUID } from 'node:crypto';
import { portingWindow } from '@selfcare/domain/calendar';
import type { FastifyInstance } from 'fastify';
import type { SandboxClock } from '../clock/clock.ts';
import { deliverWebhook } from '../webhooks.ts';
import type { DonorRefusal, EsimProfile, PortIn } from './records.ts';
import type { MvneStore } from './store.ts';
import { security, tags } from './tmf.ts';

const ESIM = '/mvne/tmf-api/esimProfile/v1';
const MNP = '/mvne/tmf-api/numberPortability/v1';

export interface LifecycleOptions {
  smdpAddress: string;
  clock: SandboxClock;
  webhookUrl?: string;
  webhookSecret: string;
}

export const toProfile = (p: EsimProfile) => ({
  id: p.id,
  externalId: p.externalId,
  iccid: p.iccid,
  smdpAddress: p.smdpAddress,
  matchingId: p.matchingId,
  activationCode: `LPA:1$${p.smdpAddress}$${p.matchingId}`,
  state: p.state,
  eid: p.eid,
});
const profileSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    externalId: { type: 'string' },
    iccid: { type: 'string' },
    smdpAddress: { type: 'string' },
    matchingId: { type: 'string' },
    activationCode: { type: 'string' },
    state: { type: 'string', enum: ['released', 'installed', 'disabled'] },
    eid: { type: ['string', 'null'] },
  },
} as const;

export const toPort = (p: PortIn) => ({
  id: p.id,
  externalId: p.externalId,
  msisdn: p.msisdn,
  donor: p.donor,
  serviceId: p.serviceId,
  state: p.state,
  refusal: p.refusal,
  windowStart: p.windowStart,
  windowEnd: p.windowEnd,
  completedAt: p.completedAt,
});
const portSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    externalId: { type: 'string' },
    msisdn: { type: 'string' },
    donor: { type: 'string' },
    serviceId: { type: 'string' },
    state: { type: 'string', enum: ['submitted', 'inProgress', 'completed', 'rejected'] },
    refusal: { type: ['string', 'null'] },
    windowStart: { type: 'string' },
    windowEnd: { type: 'string' },
    completedAt: { type: ['string', 'null'] },
  },
} as const;
const REFUSALS: DonorRefusal[] = ['id-mismatch', 'not-active', 'outstanding-bill'];

/**
 * eSIM profiles on the MVNE's SM-DP+ (shaped on GSMA SGP.22 ES2+: release, download by a device,
 * disable) and number porting: port-in requests run in the porting window by the sandbox clock,
 * the donor answers, and a signed `port.updated` event reports each outcome.
 */
export function registerLifecycleRoutes(mvne: FastifyInstance, store: MvneStore, opts: LifecycleOptions) {
  mvne.post<{ Body: { externalId: string } }>(
    `${ESIM}/profile`,
    {
      schema: {
        tags,
        security,
        summary: 'Release an eSIM profile for download; the same externalId again returns it with 200',
        body: {
          type: 'object',
          required: ['externalId'],
          properties: { externalId: { type: 'string', minLength: 1 } },
        },
        response: { 200: profileSchema, 201: profileSchema },
      },
    },
    async (request, reply) => {
      const { profile, created } = store.issueProfile(request.body.externalId, opts.smdpAddress);
      return reply.status(created ? 201 : 200).send(toProfile(profile));
    },
  );

  mvne.get<{ Params: { id: string } }>(
    `${ESIM}/profile/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'An eSIM profile, its state and the device (EID) holding it',
        response: { 200: profileSchema },
      },
    },
    async (request) => toProfile(store.profile(request.params.id)),
  );

  mvne.post<{ Params: { id: string }; Body: { eid: string } }>(
    `${ESIM}/profile/:id/download`,
    {
      schema: {
        tags,
        security,
        summary: 'Stand-in for a device downloading and installing the profile (its 32-digit EID)',
        body: {
          type: 'object',
          required: ['eid'],
          properties: { eid: { type: 'string', pattern: '^\\d{32}$' } },
        },
        response: { 200: profileSchema },
      },
    },
    async (request) => toProfile(store.installProfile(request.params.id, request.body.eid)),
  );

  mvne.patch<{ Params: { id: string }; Body: { state: 'disabled' } }>(
    `${ESIM}/profile/:id`,
    {
      schema: {
        tags,
        security,
        summary: 'Disable a profile (before another is released for the same line)',
        body: {
          type: 'object',
          required: ['state'],
          properties: { state: { type: 'string', enum: ['disabled'] } },
        },
        response: { 200: profileSchema },
      },
    },
    async (request) => toProfile(store.disableProfile(request.params.id)),
  );

  mvne.post<{
    Body: { externalId: string; msisdn: string; donor: string; idNumber: string; serviceId: string };
  }>(
    `${MNP}/portIn`,
    {
      schema: {
        tags,
        security,
        summary:
          'Ask to port a number in onto a service. It runs in the porting window (11pm–4am on a working day; after 5pm, the next one) by the sandbox clock; the same externalId again returns it with 200',
        body: {
          type: 'object',
          required: ['externalId', 'msisdn', 'donor', 'idNumber', 'serviceId'],
          properties: {
            externalId: { type: 'string', minLength: 1 },
            msisdn: { type: 'string', pattern: '^[89]\\d{7}$' },
            donor: { type: 'string', minLength: 1 },
            idNumber: { type: 'string', minLength: 1 },
            serviceId: { type: 'string', minLength: 1 },
          },
        },
        response: { 200: portSchema, 201: portSchema },
      },
    },
    async (request, reply) => {
      const { port, created } = store.requestPort(request.body, portingWindow(opts.clock.now()));
      return reply.status(created ? 201 : 200).send(toPort(port));
    },
  );

  mvne.get<{ Params: { id: string } }>(
    `${MNP}/portIn/:id`,
    {
      schema: { tags, security, summary: 'A port-in request and its outcome', response: { 200: portSchema } },
    },
    async (request) => toPort(store.port(request.params.id)),
  );

  mvne.put<{ Params: { msisdn: string }; Body: { refusal: DonorRefusal | null } }>(
    `${MNP}/donorRecords/:msisdn`,
    {
      schema: {
        tags,
        security,
        summary:
          "Set what the donor network answers for a number: refuse for a reason (ID number mismatch, number not active, outstanding bill), or null to accept (every number's default)",
        body: {
          type: 'object',
          required: ['refusal'],
          properties: { refusal: { type: ['string', 'null'], enum: [...REFUSALS, null] } },
        },
      },
    },
    async (request, reply) => {
      store.setDonorAnswer(request.params.msisdn, request.body.refusal);
      return reply.status(204).send();
    },
  );

  const announce = (port: PortIn) => {
    if (!opts.webhookUrl) return;
    void deliverWebhook(opts.webhookUrl, opts.webhookSecret, {
      id: `evt_${randomUUID()}`,
      type: 'port.updated',
      created: Math.floor(Date.now() / 1000),
      data: { port: toPort(port) },
    });
  };

  mvne.post<{ Body: { msisdn: string } }>(
    `${MNP}/portingRuns`,
    {
      schema: {
        tags,
        security,
        summary:
          "Sandbox only: run a number's waiting port-in now, as its window would, without moving the sandbox clock every other service reads (404 when none waits, 409 while its service is not live)",
        body: {
          type: 'object',
          required: ['msisdn'],
          properties: { msisdn: { type: 'string', pattern: '^[89]\\d{7}$' } },
        },
        response: { 200: portSchema },
      },
    },
    async (request) => {
      const port = store.runPortNow(request.body.msisdn, opts.clock.now());
      announce(port);
      return toPort(port);
    },
  );

  // The porting run: checks every half second whether a window has opened on the sandbox clock.
  const timer = setInterval(() => {
    for (const port of store.runPorts(opts.clock.now(), portingWindow)) announce(port);
  }, 500);
  timer.unref();
  mvne.addHook('onClose', async () => clearInterval(timer));
}
