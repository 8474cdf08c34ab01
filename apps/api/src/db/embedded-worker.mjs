// Plain JavaScript: worker threads do not inherit the TypeScript loader of the main thread.
// Runs PGlite and its wire-protocol server on their own thread, off the API's event loop.
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, port } = workerData;
if (dataDir) mkdirSync(dataDir, { recursive: true });
const db = await PGlite.create(dataDir);
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 32 });
await server.start();
parentPort.postMessage({ port: Number(server.getServerConn().split(':').pop()) });
parentPort.on('message', async (message) => {
  if (message === 'stop') {
    await server.stop();
    await db.close();
    parentPort.postMessage('stopped');
  }
});
