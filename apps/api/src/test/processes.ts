import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { outsideSystems } from './harness.ts';

/** Helpers for tests that run the built API and worker as processes of their own. */

const api = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles dist/bin/server.js and worker.js from the source as it is now. */
export function buildEntryPoints(): { status: number | null; stderr: string } {
  const built = spawnSync('npx', ['tsx', 'build.ts'], { cwd: api, encoding: 'utf8' });
  return { status: built.status, stderr: built.stderr };
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export async function until<T>(check: () => Promise<T | undefined>, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = await check().catch(() => undefined);
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export const ready = (port: number, ms = 30_000) =>
  until(
    async () => ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok ? true : undefined),
    `:${port}/readyz`,
    ms,
  );

/** The configuration an operator gives each process: every URL and a database server, nothing else. */
export function processEnv(
  port: number,
  workerPort: number,
  databaseUrl = inject('dbUrl'),
): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    WORKER_PORT: String(workerPort),
    LOG_LEVEL: 'warn',
    ...outsideSystems(),
    DATA_DIR: join(tmpdir(), `selfcare-entry-${process.pid}`),
    WEB_DIST: '/nonexistent',
    JOB_POLL_SECONDS: '0.5',
  };
}

/** Starts dist/bin/<entry>.js; `children` collects them for the test to stop. */
export function runEntry(
  children: ChildProcess[],
  entry: 'server' | 'worker',
  env: NodeJS.ProcessEnv,
): ChildProcess {
  const child = spawn(process.execPath, [join(api, 'dist/bin', `${entry}.js`)], { env, stdio: 'pipe' });
  children.push(child);
  return child;
}
