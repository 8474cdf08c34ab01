import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { appliedMigrationCount, expectedMigrationCount } from '../../db/migrate.ts';

/**
 * Liveness and readiness, for a load balancer or a container's health check: the API and the worker
 * process both answer them. Ready means the database answers, every migration this code ships is
 * applied, and the clock is usable.
 */
export const healthRoutes: FastifyPluginAsync<{ database: Database; clock: Clock }> = async (
  app,
  { database, clock },
) => {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (!clock.usable) return reply.status(503).send({ status: 'clock unusable' });
    try {
      const [applied, expected] = [await appliedMigrationCount(database), expectedMigrationCount()];
      if (applied < expected)
        return reply.status(503).send({ status: 'migrations pending', applied, expected });
      return { status: 'ready', migrations: applied };
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });
};
