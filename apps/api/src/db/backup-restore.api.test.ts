import { execFileSync } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createContext } from '../context.ts';
import { testConfig } from '../test/harness.ts';
import { createDatabase } from './client.ts';
import { DEMO_CUSTOMERS, DEMO_PASSWORD } from './seed.ts';
import { migrateAndSeed } from './seed-once.ts';

// The README's backup runbook, as an operator runs it: pg_dump of a live database, pg_restore into an
// empty one on the same server. Only a real server has them (the embedded database is one session).
const server = process.env.DATABASE_URL ?? '';

/** What must come back whole: the customers, their orders and lines, bills, payments, documents. */
const TABLES = [
  'users',
  'orders',
  'subscriptions',
  'charges',
  'bills',
  'bill_payments',
  'documents',
  'document_contents',
] as const;

describe.runIf(!!server)('a backup of the database, restored into an empty one', () => {
  const tag = randomUUID().slice(0, 8);
  const [source, restored] = [`selfcare_backup_${tag}`, `selfcare_restored_${tag}`];
  const url = (name: string) => Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  const admin = new pg.Client({ connectionString: server });
  const folder = mkdtempSync(join(tmpdir(), 'selfcare-backup-'));
  const dump = join(folder, 'selfcare.dump');

  /** Each table's rows and a digest of all of them, in one order. */
  const contents = async (name: string) => {
    const db = new pg.Client({ connectionString: url(name) });
    await db.connect();
    try {
      const out: Record<string, { rows: number; digest: string }> = {};
      for (const table of TABLES) {
        const { rows } = await db.query<{ rows: number; digest: string }>(
          `SELECT count(*)::int AS rows, coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS digest
             FROM ${table} t`,
        );
        out[table] = rows[0]!;
      }
      return out;
    } finally {
      await db.end();
    }
  };

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${source}`);
    await admin.query(`CREATE DATABASE ${restored}`);
    // A populated database, as `npm start` leaves it: every migration and the demo data.
    const setup = createDatabase(url(source), 2);
    try {
      await migrateAndSeed(setup, { demo: true });
      // And what the demo data has none of until customers and the worker act: an ID document's
      // bytes (every byte value, so that the binary survives), a charge, a card payment of a bill.
      const bytes = Buffer.concat([
        Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
        randomBytes(64_000),
      ]);
      await setup.pool.query(
        `WITH u AS (SELECT id FROM users WHERE email = 'booster@demo.selfcare.sg'),
              d AS (INSERT INTO documents (user_id, side, file_name, mime_type, size_bytes, sha256, created_at)
                    SELECT id, 'front', 'nric-front.png', 'image/png', $2, $3, now() FROM u RETURNING id),
              c AS (INSERT INTO document_contents (document_id, content) SELECT id, $1 FROM d),
              b AS (SELECT id, user_id, total_cents FROM bills WHERE user_id = (SELECT id FROM u) LIMIT 1),
              p AS (INSERT INTO bill_payments (bill_id, user_id, method, amount_cents, state, created_at,
                                               updated_at, settled_at)
                    SELECT id, user_id, 'card', total_cents, 'succeeded', now(), now(), now() FROM b)
         INSERT INTO charges (user_id, kind, amount_cents, reason, created_at)
         SELECT id, 'admin-fee', 1000, 'Admin fee', now() FROM u`,
        [bytes, bytes.length, createHash('sha256').update(bytes).digest('hex')],
      );
    } finally {
      await setup.close();
    }
  }, 120_000);
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${source} WITH (FORCE)`);
    await admin.query(`DROP DATABASE IF EXISTS ${restored} WITH (FORCE)`);
    await admin.end();
  });

  it('holds every customer, order, line, bill, payment and document, and the app starts on it', async () => {
    execFileSync('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, `--dbname=${url(source)}`]);
    expect(statSync(dump).size).toBeGreaterThan(10_000);
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${url(restored)}`, dump]);

    const before = await contents(source);
    expect(before.users?.rows).toBeGreaterThanOrEqual(DEMO_CUSTOMERS.length);
    for (const table of ['bills', 'bill_payments', 'charges', 'documents', 'document_contents'] as const)
      expect(before[table]?.rows, table).toBeGreaterThan(0);
    expect(await contents(restored)).toEqual(before);

    // The app on the restored database: ready (every migration there), and a customer's bills as they were.
    // The API alone, as `server.js` runs it: a worker would make the month's bills meanwhile (the
    // demo data leaves the month just ended to it), and the bills compared would differ by one.
    const ctx = await createContext(testConfig({ RUN_WORKER: 'false' }), url(restored));
    const app = await buildApp(ctx, { logger: false });
    try {
      await app.ready();
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.json()).toMatchObject({ status: 'ready' });
      const email = 'booster@demo.selfcare.sg';
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      const { token } = login.json().data as { token: string };
      const bills = await app.inject({
        method: 'GET',
        url: '/api/v1/bills',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(bills.statusCode).toBe(200);
      const shown = (bills.json().data as { bills: { number: string }[] }).bills.map((b) => b.number);
      const check = new pg.Client({ connectionString: url(source) });
      await check.connect();
      const { rows } = await check
        .query<{ number: string }>(
          `SELECT b.number FROM bills b JOIN users u ON u.id = b.user_id WHERE u.email = $1`,
          [email],
        )
        .finally(() => check.end());
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.sort()).toEqual(rows.map((r) => r.number).sort());
    } finally {
      await app.close();
      await ctx.close();
    }
  }, 120_000);
});
