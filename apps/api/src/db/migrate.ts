import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import type { Database } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * The advisory lock every schema change at start-up takes: our migrations, and pg-boss's own schema and
 * queues. Processes starting at once on an empty database otherwise create tables side by side and
 * deadlock (pg-boss attaches each queue's partition to its one job table).
 */
const SCHEMA_LOCK = 727001;

/** Runs `fn` while `client`'s session holds the schema lock; it waits for any other holder first. */
export async function withSchemaLock<T>(client: pg.ClientBase, fn: () => Promise<T>): Promise<T> {
  await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK]);
  try {
    return await fn();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK]).catch(() => {});
  }
}

/**
 * Applies the committed SQL migrations, under the schema lock, on the connection that holds the lock:
 * a pool of one connection is enough. `then` runs before the lock is let go, so that every other
 * start waits for it too: the demo data is loaded that way (db/seed-once.ts).
 */
export async function runMigrations(
  database: Database,
  then?: (locked: pg.PoolClient) => Promise<void>,
): Promise<void> {
  const client = await database.pool.connect();
  try {
    await withSchemaLock(client, async () => {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
      await then?.(client);
    });
  } finally {
    client.release();
  }
}

/** How many migrations the code ships; /readyz compares it with what the database has applied. */
export function expectedMigrationCount(): number {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_FOLDER}/meta/_journal.json`, 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

export async function appliedMigrationCount(database: Database): Promise<number> {
  const r = await database.pool.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
  return r.rows[0].n as number;
}
