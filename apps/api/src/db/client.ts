import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
/** Queries are built from each module's tables; nothing uses drizzle's relational query API. */
export type Db = NodePgDatabase;

/** A transaction: typed queries and the raw client, so that jobs can be enqueued in it too. */
export interface Tx {
  db: Db;
  client: pg.PoolClient;
  /** Runs `fn` once the transaction has committed (not at all if it rolls back). */
  afterCommit(fn: () => void): void;
}

export interface Database {
  pool: pg.Pool;
  db: Db;
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function createDatabase(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {}); // idle-client errors surface on the next query instead of crashing
  const db = drizzle(pool);
  return {
    pool,
    db,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        const committed: (() => void)[] = [];
        await client.query('BEGIN');
        const result = await fn({
          db: drizzle(client),
          client,
          afterCommit: (f) => committed.push(f),
        });
        await client.query('COMMIT');
        for (const f of committed) f();
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
