import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from './client.ts';
import { runMigrations } from './migrate.ts';
import { demoData } from './schema.ts';
import { seedDemoData } from './seed.ts';

/**
 * What `npm start` does to its database before anything serves: the migrations and, with `demo`, the
 * demo data, all under the schema lock. The demo data goes into an empty database, once: the
 * `demo_data` row says it went, so a restart leaves the demo's customers as they were left (an
 * account closed, a number changed, a line ended), and processes starting at once wait for the one
 * that loads it. Answers how many demo customers this start loaded.
 */
export async function migrateAndSeed(
  database: Database,
  { demo }: { demo: boolean },
  now = new Date(),
): Promise<number> {
  // One connection holds the lock while the load runs on another: a pool of one would wait forever.
  if (demo && (database.pool.options.max ?? 10) < 2)
    throw new Error('loading the demo data needs a pool of at least two connections');
  let loaded = 0;
  await runMigrations(database, async (locked) => {
    if (demo) loaded = await seedOnce(database, locked, now);
  });
  return loaded;
}

async function seedOnce(database: Database, locked: pg.PoolClient, now: Date): Promise<number> {
  const db = drizzle(locked);
  const [marker] = await db.select().from(demoData);
  if (marker?.finishedAt) return 0;
  if (!marker) {
    // A database in use before this row existed (an earlier version loaded the demo on every start,
    // or an operator's own) is left as it is, and the row says so.
    const used = await inUse(locked);
    await db.insert(demoData).values({ startedAt: now, finishedAt: used ? now : null });
    if (used) return 0;
  }
  // A row without its end is a load a failed start left part way; the loader skips what is there.
  const customers = await seedDemoData(database, now);
  await db
    .update(demoData)
    .set({ finishedAt: new Date(), customers: sql`${demoData.customers} + ${customers}` });
  return customers;
}

/** Whether the database holds customers, staff or a catalog: anything the demo would be mixed into. */
async function inUse(locked: pg.PoolClient): Promise<boolean> {
  const { rows } = await locked.query<{ used: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM staff_users)
            OR EXISTS (SELECT 1 FROM plans) AS used`,
  );
  return rows[0]?.used ?? false;
}
