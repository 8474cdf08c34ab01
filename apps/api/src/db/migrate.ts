import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Applies the committed SQL migrations; an advisory lock keeps two starting processes apart. */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727001)');
    await migrate(database.db, { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
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
