import { type Settings, settingsSchema } from '@selfcare/domain/contracts/settings';
import { StaffPermission } from '@selfcare/domain/fulfilment';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CLOCK_MAX_STEP_SECONDS, type Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { envelopeOf, ok } from '../../http.ts';
import { type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import { healthRoutes } from './health.routes.ts';

export const systemRoutes: FastifyPluginAsyncZod<{
  database: Database;
  clock: Clock;
  clockControl: boolean;
  staffAuth: StaffSessions;
  settings: Settings;
}> = async (app, { database, clock, clockControl, staffAuth, settings }) => {
  await app.register(healthRoutes, { database, clock });

  app.get(
    '/api/v1/settings',
    { schema: { tags: ['system'], response: { 200: envelopeOf(settingsSchema) } } },
    async () => ok(settings),
  );

  const clockSchema = envelopeOf(z.object({ now: z.string(), offsetSeconds: z.number() }));
  const clockBody = z.object({
    advanceSeconds: z.number().int().min(-CLOCK_MAX_STEP_SECONDS).max(CLOCK_MAX_STEP_SECONDS).optional(),
    reset: z.boolean().optional(),
  });
  // Moving time lets demos and tests show expiries and cycles. It is off unless the configuration
  // turns it on (never in production), and then only for a staff admin.
  const enabled: onRequestAsyncHookHandler = async () => {
    if (!clockControl) throw new AppError(404, 'Not found');
  };
  // Checked as the request arrives, before its body is even read: a stranger learns nothing.
  const onRequest = [enabled, staffOnly(staffAuth, StaffPermission.MoveClock)];
  const security = [{ bearer: [] }];

  app.get(
    '/api/v1/testing/clock',
    { onRequest, schema: { tags: ['testing'], security, response: { 200: clockSchema } } },
    async () => ok({ now: clock.now().toISOString(), offsetSeconds: clock.offsetSeconds }),
  );
  app.post(
    '/api/v1/testing/clock',
    { onRequest, schema: { tags: ['testing'], security, body: clockBody, response: { 200: clockSchema } } },
    async (request) => {
      if (request.body.reset) clock.reset();
      try {
        if (request.body.advanceSeconds) clock.advance(request.body.advanceSeconds);
      } catch (err) {
        if (err instanceof RangeError) throw AppError.field('advanceSeconds', err.message, 422);
        throw err;
      }
      return ok({ now: clock.now().toISOString(), offsetSeconds: clock.offsetSeconds });
    },
  );
};
