import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * PGlite served over the Postgres wire protocol, so the API, the job queue and the tests use the same
 * `pg` driver as against a real server. `dataDir` undefined keeps it in memory (tests).
 */
export async function startEmbeddedDatabase(opts: {
  dataDir?: string;
  port: number;
}): Promise<EmbeddedDatabase> {
  if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
  const db = await PGlite.create(opts.dataDir);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: opts.port, maxConnections: 32 });
  await server.start();
  const conn = server.getServerConn();
  const port = Number(conn.split(':').pop());
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
