import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from './db/client.ts';
import { registration, waitForMessage } from './test/harness.ts';

const api = fileURLToPath(new URL('..', import.meta.url));

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function until<T>(check: () => Promise<T | undefined>, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = await check().catch(() => undefined);
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const ready = (port: number) =>
  until(
    async () => ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok ? true : undefined),
    `:${port}/readyz`,
  );

/** The configuration an operator gives each process: every URL and a database server, nothing else. */
function processEnv(port: number, workerPort: number): NodeJS.ProcessEnv {
  const sandbox = inject('sandboxUrl');
  const mockpass = inject('mockpass');
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    DATABASE_URL: inject('dbUrl'),
    PORT: String(port),
    WORKER_PORT: String(workerPort),
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${inject('smtpPort')}`,
    SMS_URL: `${sandbox}/sms/api/v1/messages`,
    MVNE_URL: `${sandbox}/mvne/tmf-api`,
    ONEMAP_URL: sandbox,
    PAYMENTS_URL: sandbox,
    COURIER_URL: `${sandbox}/courier/api/v1`,
    MYINFO_URL: mockpass.url,
    MYINFO_PRIVATE_KEY_FILE: mockpass.privateKeyFile,
    MYINFO_CERT_FILE: mockpass.certFile,
    DATA_DIR: join(tmpdir(), `selfcare-entry-${process.pid}`),
    WEB_DIST: '/nonexistent',
    JOB_POLL_SECONDS: '0.5',
  };
}

describe('the API alone and the worker alone, built to JavaScript', () => {
  const children: ChildProcess[] = [];
  const run = (entry: 'server' | 'worker', env: NodeJS.ProcessEnv) => {
    const child = spawn(process.execPath, [join(api, 'dist/bin', `${entry}.js`)], { env, stdio: 'pipe' });
    children.push(child);
    return child;
  };

  beforeAll(() => {
    const built = spawnSync('npx', ['tsx', 'build.ts'], { cwd: api, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
  }, 60_000);
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('the API takes a registration and runs no job; the worker then sends its email; both stop on SIGTERM', async () => {
    const [port, workerPort] = [await freePort(), await freePort()];
    const env = processEnv(port, workerPort);
    const server = run('server', env);
    await ready(port);

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
        `SELECT state FROM pgboss.job WHERE name = 'notification.send-email' AND data->>'to' = $1`,
        [form.email],
      );
      expect(state.rows).toEqual([{ state: 'created' }]);
    } finally {
      await db.close();
    }

    const worker = run('worker', env);
    await ready(workerPort);
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
