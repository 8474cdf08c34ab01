/**
 * The job worker alone (`node apps/api/dist/bin/worker.js`): email and SMS, the MVNE calls, payments'
 * refunds and reconciliation, the daily batches. Answers /healthz and /readyz on WORKER_PORT for the
 * container's health check, and /metrics for Prometheus (ADR 0052), and nothing else. Needs DATABASE_URL; applies pending migrations first.
 */
import Fastify from 'fastify';
import { failStart, startProcess, stopOnSignal } from './entry.ts';
import { healthRoutes } from './modules/system/index.ts';
import { metricsAccess, metricsRoute } from './plugins/metrics.ts';

try {
  const { config, ctx } = await startProcess(process.env, true);
  const health = Fastify({ logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL } });
  await health.register(healthRoutes, { database: ctx.database, clock: ctx.clock });
  metricsRoute(health, { readMetrics: ctx.readMetrics, access: metricsAccess(config) });
  stopOnSignal(
    async () => {
      await health.close();
      // pg-boss lets the jobs in hand finish (up to 10 s) before the connections close.
      await ctx.close();
    },
    (message) => health.log.info(message),
  );
  await health.listen({ host: config.HOST, port: config.WORKER_PORT });
  health.log.info(
    `worker running: ${config.JOB_BATCH_SIZE} jobs of a kind at once, polling every ${config.JOB_POLL_SECONDS} s`,
  );
} catch (err) {
  failStart(err);
}
