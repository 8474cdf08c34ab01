import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { startEmbeddedDatabase } from '../db/embedded.ts';

export interface OwnDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * An empty database of the test's own, for what the shared one cannot show (a first start, a
 * restart): a new database on the DATABASE_URL server, or else an in-memory PGlite of its own.
 */
export async function ownDatabase(prefix: string): Promise<OwnDatabase> {
  const server = process.env.DATABASE_URL;
  if (!server) {
    const embedded = await startEmbeddedDatabase({ port: 0 });
    return { url: embedded.url, drop: () => embedded.stop() };
  }
  const name = `${prefix}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    url: Object.assign(new URL(server), { pathname: `/${name}` }).toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
