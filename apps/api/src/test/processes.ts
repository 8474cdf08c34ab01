import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { outsideSystems } from './harness.ts';
import { inject } from './inject.ts';

/** Helpers for tests that run the built API and worker as processes of their own. */

const api = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles dist/bin/server.js and worker.js from the source as it is now. */
export function buildEntryPoints(): { status: number | null; stderr: string } {
  const built = spawnSync('npx', ['tsx', 'build.ts'], { cwd: api, encoding: 'utf8' });
  return { status: built.status, stderr: built.stderr };
}

const handedOut = new Set<number>();
const anyPort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * A port free now and never handed out before in this process. The system may give a port it just
 * freed again: two processes given the same one would race for it, and the loser's health check
 * would be answered by the winner.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await anyPort();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

export async function until<T>(check: () => Promise<T | undefined>, what: string, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = await check().catch(() => undefined);
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Waits for /readyz on `port`; given the process meant to answer there, fails at once when it has
 * exited (its port taken by another, say) instead of trusting whoever answers.
 */
export async function ready(port: number, ms = 30_000, child?: ChildProcess): Promise<void> {
  const state = await until(
    async () => {
      if (child && child.exitCode !== null) return 'exited';
      return (await fetch(`http://127.0.0.1:${port}/readyz`)).ok ? 'ready' : undefined;
    },
    `:${port}/readyz`,
    ms,
  );
  if (state === 'exited') throw new Error(`the process meant to answer on :${port} exited`);
}

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
