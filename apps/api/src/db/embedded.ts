import { Worker } from 'node:worker_threads';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * PGlite served over the Postgres wire protocol, so the API, the job queue and the tests use the same
 * `pg` driver as against a real server. It runs on a worker thread: queries execute in WebAssembly,
 * and on the API's own thread they would stall every request. `dataDir` undefined keeps it in memory.
 */
export async function startEmbeddedDatabase(opts: {
  dataDir?: string;
  port: number;
}): Promise<EmbeddedDatabase> {
  const worker = new Worker(new URL('./embedded-worker.mjs', import.meta.url), { workerData: opts });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', (m: { port: number }) => resolve(m.port));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`embedded database exited with ${code}`)));
  });
  worker.unref();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      const stopped = new Promise((resolve) => worker.once('message', resolve));
      worker.postMessage('stop');
      await stopped;
      await worker.terminate();
    },
  };
}
