import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { appliedMigrationCount, expectedMigrationCount } from '../../db/migrate.ts';
import { AppError } from '../../errors.ts';
import { envelopeOf, ok } from '../../http.ts';

export const systemRoutes: FastifyPluginAsyncZod<{
  database: Database;
  clock: Clock;
  clockControl: boolean;
  settings: Record<string, string>;
}> = async (app, { database, clock, clockControl, settings }) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      const [applied, expected] = [await appliedMigrationCount(database), expectedMigrationCount()];
      if (applied < expected)
        return reply.status(503).send({ status: 'migrations pending', applied, expected });
      return { status: 'ready', migrations: applied };
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });

  app.get(
    '/api/v1/settings',
    { schema: { tags: ['system'], response: { 200: envelopeOf(z.record(z.string(), z.string())) } } },
    async () => ok(settings),
  );

  const clockSchema = envelopeOf(z.object({ now: z.string(), offsetSeconds: z.number() }));
  const clockBody = z.object({ advanceSeconds: z.number().int().optional(), reset: z.boolean().optional() });

  // Moving time lets demos and tests show expiries and cycles; production refuses it outright.
  app.get(
    '/api/v1/testing/clock',
    { schema: { tags: ['testing'], response: { 200: clockSchema } } },
    async () => {
      if (!clockControl) throw new AppError(404, 'Not found');
      return ok({ now: clock.now().toISOString(), offsetSeconds: clock.offsetSeconds });
    },
  );
  app.post(
    '/api/v1/testing/clock',
    { schema: { tags: ['testing'], body: clockBody, response: { 200: clockSchema } } },
    async (request) => {
      if (!clockControl) throw new AppError(404, 'Not found');
      if (request.body.reset) clock.reset();
      if (request.body.advanceSeconds) clock.advance(request.body.advanceSeconds);
      return ok({ now: clock.now().toISOString(), offsetSeconds: clock.offsetSeconds });
    },
  );
};
