// Plain JavaScript: worker threads do not inherit the TypeScript loader of the main thread.
// Runs PGlite and its wire-protocol server on their own thread, off the API's event loop.
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, port } = workerData;
if (dataDir) mkdirSync(dataDir, { recursive: true });
// pg_trgm: the staff queue's name search (migration 0042), as a real server has it in contrib.
const db = await PGlite.create(dataDir, { extensions: { pg_trgm } });
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 32 });
keepExtendedQueriesWhole(server.queryQueue);
await server.start();
parentPort.postMessage({ port: Number(server.getServerConn().split(':').pop()) });
parentPort.on('message', async (message) => {
  if (message === 'stop') {
    await server.stop();
    await db.close();
    parentPort.postMessage('stopped');
  }
});

/**
 * pglite-socket 0.2 queues each wire-protocol message on its own, first come first served across
 * connections. node-postgres sends a parameterised query as Parse, Bind, Describe, Execute, Sync, so
 * two connections' messages interleave on PGlite's single session: one's Bind meets the other's Parse
 * ("bind message supplies 10 parameters, but prepared statement requires 3"), answers go astray and
 * connections hang. Here a connection's extended-query messages are held until its Sync (or Flush) and
 * run as one unit, which PGlite processes message by message within a single call.
 */
function keepExtendedQueriesWhole(queue) {
  // Parse, Bind, Describe, Execute, Close: the parts of an extended query that wait for its Sync.
  const PARTS = new Set([0x50, 0x42, 0x44, 0x45, 0x43]);
  const held = new Map();
  const enqueue = queue.enqueue.bind(queue);
  const clear = queue.clearQueueForHandler.bind(queue);
  queue.enqueue = (handlerId, message, onData) => {
    if (PARTS.has(message[0])) {
      const parts = held.get(handlerId) ?? [];
      parts.push(message);
      held.set(handlerId, parts);
      return Promise.resolve(0);
    }
    const parts = held.get(handlerId);
    if (!parts) return enqueue(handlerId, message, onData);
    held.delete(handlerId);
    const whole = new Uint8Array(parts.reduce((n, p) => n + p.length, message.length));
    let offset = 0;
    for (const part of [...parts, message]) {
      whole.set(part, offset);
      offset += part.length;
    }
    return enqueue(handlerId, whole, onData);
  };
  queue.clearQueueForHandler = (handlerId) => {
    held.delete(handlerId);
    return clear(handlerId);
  };
}
