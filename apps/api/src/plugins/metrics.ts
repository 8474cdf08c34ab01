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

/**
 * Whether the caller may read the metrics: with the configured token as a bearer, or, with none
 * configured, from this machine itself and not through a proxy (a proxy on the same machine connects
 * from loopback too, and says whom it forwards for). The TCP peer is read, never X-Forwarded-For.
 */
function mayRead(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && forwarded === undefined;
}

/**
 * `GET /metrics` in the Prometheus text format (ADR 0052): the gauges read from the database are set
 * first (`readMetrics`), then everything is written out. Anyone else gets the 404 of a path that is
 * not there.
 */
export function metricsRoute(
  app: FastifyInstance,
  { readMetrics, token }: { readMetrics: () => Promise<void>; token: string | undefined },
) {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, token))
      return reply
        .status(404)
        .send({ data: null, status: 404, message: 'Route GET /metrics not found', extra_info: {} });
    await readMetrics();
    return reply.type(metrics.contentType).send(await metrics.metrics());
  });
}
