import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppContext, createContext } from './context.ts';
import { createDatabase } from './db/client.ts';
import { DEMO_CUSTOMERS } from './db/seed.ts';
import { migrateAndSeed } from './db/seed-once.ts';
import { testConfig } from './test/harness.ts';

// The embedded database is one session, so only a real server can show processes racing.
const server = process.env.DATABASE_URL ?? '';

describe.runIf(!!server)('processes starting at once on an empty database', () => {
  const name = `selfcare_start_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: server });
  // A new database beside the test one, on the same server.
  const url = () => Object.assign(new URL(server), { pathname: `/${name}` }).toString();

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('all start: migrations, the demo data, pg-boss and its queues take turns under one lock', async () => {
    // As scripts/start.ts does it: migrations and the demo data on a small pool, then the context
    // with its queue.
    const startOne = async (): Promise<AppContext> => {
      const setup = createDatabase(url(), 2);
      try {
        await migrateAndSeed(setup, { demo: true });
      } finally {
        await setup.close();
      }
      return createContext(testConfig(), url());
    };
    const outcomes = await Promise.allSettled([startOne(), startOne(), startOne()]);
    await Promise.all(outcomes.map((o) => (o.status === 'fulfilled' ? o.value.close() : undefined)));
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'started'))).toEqual([
      'started',
      'started',
      'started',
    ]);
    const check = createDatabase(url(), 1);
    try {
      const queues = await check.pool.query(
        "SELECT count(*)::int AS n FROM pgboss.queue WHERE name = 'notification.send-email' AND expire_seconds = 30",
      );
      expect(queues.rows[0].n).toBe(1);
      // One set of demo data, whichever start loaded it.
      const demo = await check.pool.query(
        `SELECT (SELECT count(*)::int FROM users) AS customers, (SELECT count(*)::int FROM orders) AS orders,
                (SELECT count(*)::int FROM subscriptions) AS lines, (SELECT count(*)::int FROM sim_cards) AS sims`,
      );
      expect(demo.rows[0]).toEqual({ customers: DEMO_CUSTOMERS.length, orders: 5, lines: 5, sims: 200 });
    } finally {
      await check.close();
    }
  }, 60_000);
});
