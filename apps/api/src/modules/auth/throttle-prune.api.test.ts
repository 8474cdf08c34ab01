import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../test/fulfilment.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { pruneThrottleJob } from './auth.jobs.ts';

/** The throttle's old events, whose keys name addresses, numbers and IP addresses, go every night. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await t.ctx.database.pool.query(sql, params)).rows as T[];

describe('pruning the sign-in throttle', () => {
  it('removes the events past its longest window, nightly, and keeps those still counting', async () => {
    const old = `forgot:old-${randomUUID()}@example.com`;
    const fresh = `forgot:fresh-${randomUUID()}@example.com`;
    const now = t.ctx.clock.now().getTime();
    await q('INSERT INTO throttle_events (key, created_at) VALUES ($1, $2), ($3, $4)', [
      old,
      new Date(now - 25 * 3600 * 1000),
      fresh,
      new Date(now - 3600 * 1000),
    ]);
    await t.ctx.queue.send(pruneThrottleJob, {});
    const keys = async () =>
      (await q<{ key: string }>('SELECT key FROM throttle_events WHERE key = ANY($1)', [[old, fresh]])).map(
        (r) => r.key,
      );
    expect(await until(keys, (k) => !k.includes(old))).toEqual([fresh]);
    expect(await q('SELECT cron FROM pgboss.schedule WHERE name = $1', [pruneThrottleJob.name])).toEqual([
      { cron: '45 3 * * *' },
    ]);
  });
});
