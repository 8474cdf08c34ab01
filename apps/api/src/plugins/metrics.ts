import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { httpDuration, httpRequests, metrics, webhooks } from '../metrics.ts';
import { API_BASE } from '../route.ts';

const WEBHOOKS = `${API_BASE}/webhooks/`;

/**
 * Counts every answer by its route's template (`/api/v1/bills/:id`, never the id), method and status,
 * with its time; a webhook's also by its source and outcome. A path no route has counts as
 * `unmatched`, so probes for random paths add one series, not one each.
 */
export function countRequests(app: FastifyInstance) {
  // A webhook route's outcomes start at 0 as it is registered, so that an alert sees the first.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(WEBHOOKS)) return;
    for (const outcome of ['accepted', 'refused', 'failed'])
      webhooks.inc({ source: route.url.slice(WEBHOOKS.length), outcome }, 0);
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    httpRequests.inc({ route, method: request.method, status });
    httpDuration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
    if (route.startsWith(WEBHOOKS)) {
      const outcome = status < 400 ? 'accepted' : status < 500 ? 'refused' : 'failed';
      webhooks.inc({ source: route.slice(WEBHOOKS.length), outcome });
    }
  });
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Who may read the metrics: the bearer of a token, or (outside production) this machine alone. */
export type MetricsAccess = { token: string } | 'this machine' | 'nobody';

/**
 * Whether the caller may read the metrics. With a token, its bearer, wherever it asks from. In
 * production without one, nobody: a proxy or tunnel on the same machine connects from loopback too,
 * and not every one says whom it forwards for. Elsewhere (`npm start`, the tests), a request whose TCP
 * peer is this machine and that names no one it was forwarded for; X-Forwarded-For is never believed.
 */
function mayRead(request: FastifyRequest, access: MetricsAccess): boolean {
  if (typeof access === 'object') {
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${access.token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  if (access === 'nobody') return false;
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && forwarded === undefined;
}

/** Who may read the metrics under this configuration (ADR 0052). */
export const metricsAccess = (config: {
  METRICS_TOKEN?: string | undefined;
  NODE_ENV: string;
}): MetricsAccess =>
  config.METRICS_TOKEN
    ? { token: config.METRICS_TOKEN }
    : config.NODE_ENV === 'production'
      ? 'nobody'
      : 'this machine';

/**
 * `GET /metrics` in the Prometheus text format (ADR 0052): the gauges read from the database are set
 * first (`readMetrics`), then everything is written out. Anyone else gets the answer of a path that
 * is not there (the app's not-found handler).
 */
export function metricsRoute(
  app: FastifyInstance,
  { readMetrics, access }: { readMetrics: () => Promise<void>; access: MetricsAccess },
) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, access)) return reply.callNotFound();
    await readMetrics();
    return reply.type(metrics.contentType).send(await metrics.metrics());
  });
}
