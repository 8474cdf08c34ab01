import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printableError } from '../log-serializers.ts';
import { ownDatabase } from '../test/own-database.ts';
import { createDatabase, type Database } from './client.ts';
import { runMigrations } from './migrate.ts';
import { DEMO_CUSTOMERS, demoSims, seedDemoData } from './seed.ts';
import { migrateAndSeed } from './seed-once.ts';

/** What a restart finds: the logins and lines, by the identifiers they sign in and bill with. */
async function state(database: Database) {
  const { rows } = await database.pool.query<{ logins: string[] | null; lines: string[] | null }>(
    `SELECT (SELECT array_agg(coalesce(email, '-') || ' ' || coalesce(phone_number, '-') ORDER BY created_at, id)
               FROM users) AS logins,
            (SELECT array_agg(msisdn || ' ' || state ORDER BY msisdn) FROM subscriptions) AS lines`,
  );
  return rows[0];
}

const marker = async (database: Database) =>
  (await database.pool.query('SELECT finished_at IS NOT NULL AS finished, customers FROM demo_data')).rows;

// A first start and a restart need a database of their own: the shared one has other files' customers.
let own: Awaited<ReturnType<typeof ownDatabase>>;
let database: Database;
beforeAll(async () => {
  own = await ownDatabase('selfcare_seed');
  // Two connections, as scripts/start.ts has: the one that holds the lock, and one for the load.
  database = createDatabase(own.url, 2);
});
afterAll(async () => {
  await database.close();
  await own.drop();
});

/** Back to a database that has never been started on, as a new data directory is. */
const emptied = () =>
  database.pool.query('DROP SCHEMA public CASCADE; DROP SCHEMA drizzle CASCADE; CREATE SCHEMA public');

describe('the demo data on a restart', () => {
  it('loads into an empty database once; a closed account, a changed number and an ended line stay so', async () => {
    expect(await migrateAndSeed(database, { demo: true })).toBe(DEMO_CUSTOMERS.length);
    // booster@ closed its account (ADR 0030): its line ended, its login anonymised.
    await database.pool.query(
      `UPDATE subscriptions SET state = 'terminated', terminated_at = now() WHERE msisdn = '91000005';
       UPDATE users SET email = NULL, phone_number = NULL, password_hash = NULL,
                        first_name = 'Closed account', last_name = ''
        WHERE email = 'booster@demo.selfcare.sg'`,
    );
    // An 'Us' line's number changed, and its login moved with it (ADR 0028).
    await database.pool.query(
      `UPDATE subscriptions SET msisdn = '81000091' WHERE msisdn = '81000001';
       UPDATE users SET phone_number = '81000091' WHERE phone_number = '81000001'`,
    );
    // The other 'Us' line ended, and its login with it (ADR 0027).
    await database.pool.query(
      `UPDATE subscriptions SET state = 'terminated', terminated_at = now() WHERE msisdn = '81000002';
       UPDATE users SET phone_number = NULL WHERE phone_number = '81000002'`,
    );
    const before = await state(database);

    expect(await migrateAndSeed(database, { demo: true })).toBe(0);
    expect(await state(database)).toEqual(before);
    expect(before?.logins).not.toContain('booster@demo.selfcare.sg 91000005');
    expect(before?.logins).not.toContain('- 81000001');
    expect(before?.lines).toContain('81000002 terminated');
    expect(await marker(database)).toEqual([{ finished: true, customers: DEMO_CUSTOMERS.length }]);
  });

  it('a database an earlier version loaded on every start gets nothing more: it is in use', async () => {
    const before = await state(database);
    await database.pool.query('DELETE FROM demo_data');
    expect(await migrateAndSeed(database, { demo: true })).toBe(0);
    expect(await state(database)).toEqual(before);
    expect(await marker(database)).toEqual([{ finished: true, customers: 0 }]);
  });

  it('a start that failed to load says why without the line it was loading', async () => {
    // Loading the demo over the closed account, as every start did: the account's order is placed
    // again, and its line's MVNE service is already taken.
    const err = await seedDemoData(database).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeDefined();
    const printed = printableError(err);
    expect(printed).toContain('subscriptions_mvne_service_key');
    expect(printed).toMatch(/at .*seed-orders\.ts/);
    const sim = demoSims()[196] as { iccid: string; imsi: string };
    for (const identifier of ['91000005', sim.iccid, sim.imsi, 'booster@demo.selfcare.sg', 'S7100005B'])
      expect(printed).not.toContain(identifier);
  });
});

describe('the first start', () => {
  it('finishes a load that a failed start left part way', async () => {
    await emptied();
    await runMigrations(database);
    await database.pool.query('INSERT INTO demo_data (started_at) VALUES (now())');
    expect(await migrateAndSeed(database, { demo: true })).toBe(DEMO_CUSTOMERS.length);
    expect(await marker(database)).toEqual([{ finished: true, customers: DEMO_CUSTOMERS.length }]);
  });

  it('loads nothing into a database that holds customers already: they are an operator’s', async () => {
    await emptied();
    await runMigrations(database);
    await database.pool.query(
      `INSERT INTO users (email, first_name, last_name, created_at, updated_at)
       VALUES ('first@example.com', 'Mei Ling', 'Tan', now(), now())`,
    );
    expect(await migrateAndSeed(database, { demo: true })).toBe(0);
    expect((await state(database))?.logins).toEqual(['first@example.com -']);
    expect(await marker(database)).toEqual([{ finished: true, customers: 0 }]);
  });

  it('with the demo turned off (SEED_DEMO=false), migrates and loads nothing, and says nothing of it', async () => {
    await emptied();
    expect(await migrateAndSeed(database, { demo: false })).toBe(0);
    expect(await state(database)).toEqual({ logins: null, lines: null });
    expect(await marker(database)).toEqual([]);
  });
});
