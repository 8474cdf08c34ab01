import { inject as provided } from 'vitest';

/** The systems a test worker's files reach, set up for it by global-setup.ts. */
export interface OutsideSystems {
  dbUrl: string;
  sandboxUrl: string;
  smtpPort: number;
  mockpass: { url: string; privateKeyFile: string; certFile: string };
}

/**
 * The database, sandbox or MockPass of the worker running this file. Workers run files side by side,
 * each against its own, so a test's sandbox clock, faults or mailbox are never another file's.
 */
export function inject<K extends keyof OutsideSystems>(key: K): OutsideSystems[K] {
  const all = provided('outside');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const mine = all[(worker - 1) % all.length];
  if (!mine) throw new Error('No outside systems were set up for the API tests');
  return mine[key];
}
