import { type Config, ConfigError } from './config.ts';
import { type AppContext, createContext } from './context.ts';
import { createDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { loadConfig } from './load-config.ts';
import { printableError } from './log-serializers.ts';

/**
 * What the API and the worker entry points share: the configuration, with the one difference between
 * them (whether this process runs the jobs), a real PostgreSQL server, and the migrations applied
 * under the schema lock, so that any number of processes may start at once on an empty database.
 */
export async function startProcess(
  env: NodeJS.ProcessEnv,
  runWorker: boolean,
): Promise<{ config: Config; ctx: AppContext }> {
  const config = loadConfig({ ...env, RUN_WORKER: String(runWorker) });
  if (!config.DATABASE_URL)
    throw new ConfigError('Invalid configuration:\n  DATABASE_URL: a PostgreSQL server is required');
  const setup = createDatabase(config.DATABASE_URL, 1);
  try {
    await runMigrations(setup);
  } finally {
    await setup.close();
  }
  return { config, ctx: await createContext(config, config.DATABASE_URL) };
}

/** Stops the process's parts once on SIGTERM or SIGINT (a rolling deploy, Ctrl-C), then exits. */
export function stopOnSignal(stop: () => Promise<void>, log: (message: string) => void) {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log(`stop failed: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
}

/** A failed start names what is wrong (a bad setting by name, a query without its values) and exits 1. */
export function failStart(err: unknown): never {
  console.error(err instanceof ConfigError ? err.message : printableError(err));
  process.exit(1);
}
