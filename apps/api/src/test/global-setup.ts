import { startMockPass, startSandbox } from '@selfcare/sandbox';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client.ts';
import { startEmbeddedDatabase } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedCatalog } from '../modules/catalog/catalog.seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbUrl: string;
    sandboxUrl: string;
    smtpPort: number;
    mockpass: { url: string; privateKeyFile: string; certFile: string };
  }
}

/**
 * One fresh database for the API tier: an in-memory PGlite by default, or the PostgreSQL server named
 * by DATABASE_URL, emptied first. Plus the sandbox that receives our email and SMS.
 */
export default async function setup(project: TestProject) {
  const external = process.env.DATABASE_URL;
  const embedded = external ? undefined : await startEmbeddedDatabase({ port: 0 });
  const url = external ?? (embedded?.url as string);
  const database = createDatabase(url, 2);
  if (external) {
    await database.pool.query(
      'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS pgboss CASCADE; CREATE SCHEMA public;',
    );
  }
  await runMigrations(database);
  // The catalog is reference data every order test reads; customers are made by each test.
  await seedCatalog(database);
  await database.close();
  // Activations complete quickly; the tests reach them by polling (no webhook reaches app.inject).
  const sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, mvneActivationDelayMs: 300 });
  // The persona picker is skipped: tests choose the person with MockPass's custom-profile route.
  const mockpass = await startMockPass({ showLoginPage: false, clientSecret: 'sandbox-myinfo-secret' });
  project.provide('dbUrl', url);
  project.provide('sandboxUrl', sandbox.url);
  project.provide('smtpPort', sandbox.smtpPort);
  project.provide('mockpass', {
    url: mockpass.url,
    privateKeyFile: mockpass.privateKeyFile,
    certFile: mockpass.certFile,
  });
  return async () => {
    mockpass.stop();
    await sandbox.stop();
    await embedded?.stop();
  };
}
