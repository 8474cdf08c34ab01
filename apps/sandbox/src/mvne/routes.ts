import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxClock } from '../clock/clock.ts';
import type { Faults } from '../faults/faults.ts';
import { registerLifecycleRoutes } from './lifecycle-routes.ts';
import { registerNumberRoutes } from './number-routes.ts';
import { registerOrderRoutes } from './order-routes.ts';
import { registerProductRoutes } from './product-routes.ts';
import { MvneConflict, MvneNotFound } from './records.ts';
import { registerServiceRoutes } from './service-routes.ts';
import type { MvneStore } from './store.ts';
import { tmfError } from './tmf.ts';
import { registerUsageRoutes } from './usage/routes.ts';

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

/**
 * The MVNE's provisioning API, shaped on TM Forum Open APIs (numbers, product orders for new lines
 * and for products on live services, product inventory, service activation, usage consumption and
 * usage records), with eSIM profiles and number porting: every
 * call needs the API key, goes through the fault switch, and fails with a TMF630 error body.
 */
export function registerMvneRoutes(
  app: FastifyInstance,
  store: MvneStore,
  faults: Faults,
  opts: MvneOptions,
) {
  const { apiKey } = opts;
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

    registerNumberRoutes(mvne, store);
    registerOrderRoutes(mvne, store, opts, faults);
    registerProductRoutes(mvne, store, opts);
    registerServiceRoutes(mvne, store, opts);
    registerLifecycleRoutes(mvne, store, opts);
    registerUsageRoutes(mvne, store, opts);
  });
}
