import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './db/client.ts';
import { registration, waitForMessage } from './test/harness.ts';
import { inject } from './test/inject.ts';
import { buildEntryPoints, freePort, processEnv, ready, runEntry } from './test/processes.ts';

describe('the API alone and the worker alone, built to JavaScript', () => {
  const children: ChildProcess[] = [];
  const run = (entry: 'server' | 'worker', env: NodeJS.ProcessEnv) => runEntry(children, entry, env);

  beforeAll(() => {
    const built = buildEntryPoints();
    expect(built.status, built.stderr).toBe(0);
  }, 60_000);
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('the API takes a registration and runs no job; the worker then sends its email; both stop on SIGTERM', async () => {
    const [port, workerPort] = [await freePort(), await freePort()];
    const env = processEnv(port, workerPort);
    const server = run('server', env);
    await ready(port, 30_000, server);

    const form = registration();
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(form),
    });
    expect(res.status).toBe(201);
    // Queued in the registration's transaction, and left there: no process runs jobs yet.
    const db = createDatabase(inject('dbUrl'), 1);
    try {
      const state = await db.pool.query(
        `SELECT j.state FROM pgboss.job j JOIN users u ON u.id::text = j.data->>'userId'
          WHERE j.name = 'auth.send-confirmation' AND u.email = $1`,
        [form.email],
      );
      expect(state.rows).toEqual([{ state: 'created' }]);
    } finally {
      await db.close();
    }

    const worker = run('worker', env);
    await ready(workerPort, 30_000, worker);
    const mail = await waitForMessage(form.email, (m) => m.subject?.includes('Confirm') ?? false, 20_000);
    expect(mail.to).toBe(form.email);

    for (const child of [server, worker]) child.kill('SIGTERM');
    const codes = await Promise.all([server, worker].map(async (c) => (await once(c, 'exit'))[0]));
    expect(codes).toEqual([0, 0]);
  }, 60_000);

  it('refuses to start without a database server, naming the setting', async () => {
    const env = processEnv(await freePort(), await freePort());
    delete env.DATABASE_URL;
    const server = run('server', env);
    let stderr = '';
    server.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const [code] = await once(server, 'exit');
    expect(code).toBe(1);
    expect(stderr).toContain('DATABASE_URL: a PostgreSQL server is required');
  }, 30_000);
});
