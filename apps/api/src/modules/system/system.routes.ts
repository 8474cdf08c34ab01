import type { Settings } from '@selfcare/domain/contracts/settings';
import { StaffPermission } from '@selfcare/domain/fulfilment';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { ok } from '../../http.ts';
import { type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import { route } from '../../route.ts';
import { healthRoutes } from './health.routes.ts';
import { type WebAppBrand, webManifestRoutes } from './web-manifest.ts';

export const systemRoutes: FastifyPluginAsyncZod<{
  database: Database;
  clock: Clock;
  clockControl: boolean;
  staffAuth: StaffSessions;
  settings: Settings;
  webApp: WebAppBrand;
}> = async (app, { database, clock, clockControl, staffAuth, settings, webApp }) => {
  await app.register(healthRoutes, { database, clock });
  await app.register(webManifestRoutes, { brand: webApp });

  route(app, 'GET /settings', { schema: { tags: ['system'] } }, async () => ok(settings));

  // Moving time lets demos and tests show expiries and cycles. It is off unless the configuration
  // turns it on (never in production), and then only for a staff admin.
  const enabled: onRequestAsyncHookHandler = async () => {
    if (!clockControl) throw new AppError(404, 'Not found');
  };
  // Checked as the request arrives, before its body is even read: a stranger learns nothing.
  const onRequest = [enabled, staffOnly(staffAuth, StaffPermission.MoveClock)];
  const security = [{ bearer: [] }];

  route(app, 'GET /testing/clock', { onRequest, schema: { tags: ['testing'], security } }, async () =>
    ok({ now: clock.now().toISOString(), offsetSeconds: clock.offsetSeconds }),
  );
  route(
    app,
    'POST /testing/clock',
    { onRequest, schema: { tags: ['testing'], security } },
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
