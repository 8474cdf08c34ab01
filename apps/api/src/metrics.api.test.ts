import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from './jobs/queue.ts';
import { metricsAccess, metricsRoute } from './plugins/metrics.ts';
import { clearSandboxFaults, sandboxFault } from './test/faults.ts';
import { createTestApp, signedInCustomer, type TestApp } from './test/harness.ts';

/** `/metrics` as Prometheus reads it (ADR 0052). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());
afterEach(async () => {
  await clearSandboxFaults();
});

const scrape = async (app = t) => {
  const res = await app.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};

/** The sum of a metric's samples whose labels include `labels`; 0 when there is none. */
function sampled(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const has = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => has[k] === v)) sum += Number(m[3]);
  }
  return sum;
}

describe('who may read the metrics', () => {
  it('answers a request from this machine, not one from elsewhere nor one a proxy forwards', async () => {
    const here = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(here.statusCode).toBe(200);
    expect(here.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(here.body).toContain('# TYPE selfcare_http_requests_total counter');
    const elsewhere = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.body).not.toContain('selfcare_');
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forwarded.statusCode).toBe(404);
  });

  it('with a token configured, answers only the bearer of that token, wherever it asks from', async () => {
    const token = 'metrics-token-of-the-test-0123456789';
    const guarded = await createTestApp({ METRICS_TOKEN: token });
    try {
      const ask = (authorization?: string) =>
        guarded.app.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress: '10.0.0.7',
          headers: authorization ? { authorization } : {},
        });
      expect((await ask()).statusCode).toBe(404);
      expect((await ask(`Bearer ${token.slice(0, -1)}x`)).statusCode).toBe(404);
      expect((await guarded.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      expect((await ask(`Bearer ${token}`)).statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });

  it('in production with no token, answers nobody, this machine included', async () => {
    expect(metricsAccess({ NODE_ENV: 'production' })).toBe('nobody');
    expect(metricsAccess({ NODE_ENV: 'development' })).toBe('this machine');
    expect(metricsAccess({ NODE_ENV: 'production', METRICS_TOKEN: 'x'.repeat(16) })).toEqual({
      token: 'x'.repeat(16),
    });
    const app = Fastify();
    metricsRoute(app, { readMetrics: async () => {}, access: metricsAccess({ NODE_ENV: 'production' }) });
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await app.close();
  });
});

describe('what the metrics count', () => {
  it('counts requests by the route template, never by the id in the path', async () => {
    const before = await scrape();
    const route = { route: '/api/v1/bills/:id', method: 'GET', status: '401' };
    const ids = [randomUUID(), randomUUID()];
    for (const id of ids) await t.app.inject({ method: 'GET', url: `/api/v1/bills/${id}` });
    const after = await scrape();
    expect(sampled(after, 'selfcare_http_requests_total', route)).toBe(
      sampled(before, 'selfcare_http_requests_total', route) + 2,
    );
    expect(
      sampled(after, 'selfcare_http_request_duration_seconds_count', { route: route.route }),
    ).toBeGreaterThan(
      sampled(before, 'selfcare_http_request_duration_seconds_count', { route: route.route }),
    );
    for (const id of ids) expect(after).not.toContain(id);
  });

  it('counts a call to the MVNE that found it down as unavailable', async () => {
    const me = await signedInCustomer(t);
    const down = { system: 'mvne', outcome: 'unavailable' };
    const before = sampled(await scrape(), 'selfcare_outside_calls_total', down);
    await sandboxFault('mvne', 'down', 30);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/orders/numbers', headers: me.headers });
    expect(res.statusCode).toBe(503);
    expect(sampled(await scrape(), 'selfcare_outside_calls_total', down)).toBeGreaterThan(before);
  });

  it('counts a webhook refused for its signature by its source', async () => {
    const refused = { source: 'payments', outcome: 'refused' };
    const before = sampled(await scrape(), 'selfcare_webhooks_total', refused);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/payments',
      headers: {
        'content-type': 'application/json',
        'selfcare-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
      payload: JSON.stringify({ type: 'charge.succeeded', data: {} }),
    });
    expect(res.statusCode).toBe(400);
    expect(sampled(await scrape(), 'selfcare_webhooks_total', refused)).toBe(before + 1);
  });

  it('counts a wrong password as a failed customer sign-in', async () => {
    const me = await signedInCustomer(t);
    const failed = { who: 'customer' };
    const before = sampled(await scrape(), 'selfcare_sign_in_failures_total', failed);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: me.email, password: 'not-the-password-1A' },
    });
    expect(res.statusCode).toBe(401);
    expect(sampled(await scrape(), 'selfcare_sign_in_failures_total', failed)).toBe(before + 1);
  });

  it("tells a queue's jobs that wait for a worker, as the database holds them", async () => {
    const probe = defineJob({
      name: `test.metrics-probe-${randomUUID().slice(0, 8)}`,
      payload: z.object({ n: z.number() }),
      expireInSeconds: 60,
    });
    await t.ctx.queue.define(probe);
    const labels = { queue: probe.name };
    expect(sampled(await scrape(), 'selfcare_job_queue_waiting', labels)).toBe(0);
    await t.ctx.queue.send(probe, { n: 1 });
    await t.ctx.queue.send(probe, { n: 2 });
    const text = await scrape();
    // Nothing works this queue: both wait, the oldest for as long as since it was sent.
    expect(sampled(text, 'selfcare_job_queue_waiting', labels)).toBe(2);
    expect(sampled(text, 'selfcare_job_queue_oldest_seconds', labels)).toBeGreaterThanOrEqual(0);
    expect(sampled(text, 'selfcare_job_queue_failed', labels)).toBe(0);
  });

  it('starts at 0 the series an alert waits on, so that their first increase is seen', async () => {
    const text = await scrape();
    for (const source of ['payments', 'mvne', 'bank'])
      expect(text).toMatch(
        new RegExp(`^selfcare_webhooks_total\\{source="${source}",outcome="failed"\\} \\d+$`, 'm'),
      );
    expect(text).toMatch(
      /^selfcare_job_runs_total\{queue="notification\.send-email",outcome="failed"\} \d+$/m,
    );
    expect(text).toMatch(/^selfcare_sign_in_lockouts_total\{who="staff"\} \d+$/m);
  });

  it("tells the month due's bill run and the payments waiting for a supervisor", async () => {
    const text = await scrape();
    expect(text).toMatch(/^selfcare_bill_run_finished\{month="\d{4}-\d{2}"\} [01]$/m);
    expect(text).toMatch(/^selfcare_bill_run_late [01]$/m);
    for (const source of ['bank', 'gateway'])
      expect(text).toMatch(new RegExp(`^selfcare_unmatched_payments\\{source="${source}"\\} \\d+$`, 'm'));
  });
});
