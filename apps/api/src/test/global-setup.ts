import { startMockPass, startSandbox } from '@selfcare/sandbox';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/client.ts';
import { startEmbeddedDatabase } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { seedCatalog } from '../modules/catalog/catalog.seed.ts';
import type { OutsideSystems } from './inject.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One set a test worker, by its VITEST_POOL_ID (test/inject.ts picks a file's). */
    outside: OutsideSystems[];
  }
}

/** A database ready for the tests: migrated, with the catalog every order test reads. */
async function prepare(url: string) {
  const database = createDatabase(url, 2);
  await runMigrations(database);
  await seedCatalog(database);
  await database.close();
}

/**
 * What each test worker's files run against, of its own so that workers run files side by side
 * without meeting: a fresh database (an in-memory PGlite, or a copy of one migrated database on the
 * PostgreSQL server named by DATABASE_URL), a sandbox (its clock, faults, mailbox and MVNE are the
 * worker's) and MockPass. Within a worker, files run one after another in one process.
 */
export default async function setup(project: TestProject) {
  const workers = Number(project.config.maxWorkers) || 1;
  const stops: (() => Promise<void> | void)[] = [];
  const urls = await databases(workers, stops);
  const outside = await Promise.all(
    urls.map(async (dbUrl): Promise<OutsideSystems> => {
      // Activations complete quickly; the tests reach them by polling (no webhook reaches app.inject).
      const sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, mvneActivationDelayMs: 300 });
      // The persona picker is skipped: tests choose the person with MockPass's custom-profile route.
      const mockpass = await startMockPass({ showLoginPage: false, clientSecret: 'sandbox-myinfo-secret' });
      stops.push(
        () => mockpass.stop(),
        () => sandbox.stop(),
      );
      return {
        dbUrl,
        sandboxUrl: sandbox.url,
        smtpPort: sandbox.smtpPort,
        mockpass: { url: mockpass.url, privateKeyFile: mockpass.privateKeyFile, certFile: mockpass.certFile },
      };
    }),
  );
  project.provide('outside', outside);
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}

/**
 * Embedded: one PGlite a worker, each on its own thread, migrated side by side. A server: the named
 * database emptied and migrated once, then copied for each worker (CREATE DATABASE … TEMPLATE), the
 * copies named after it and dropped first if an earlier run left them.
 */
async function databases(count: number, stops: (() => Promise<void> | void)[]): Promise<string[]> {
  const external = process.env.DATABASE_URL;
  if (!external) {
    return Promise.all(
      Array.from({ length: count }, async () => {
        const embedded = await startEmbeddedDatabase({ port: 0 });
        stops.push(() => embedded.stop());
        await prepare(embedded.url);
        return embedded.url;
      }),
    );
  }
  const emptied = new pg.Client({ connectionString: external });
  await emptied.connect();
  await emptied
    .query(
      'DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS pgboss CASCADE; CREATE SCHEMA public;',
    )
    .finally(() => emptied.end());
  await prepare(external);
  // A database is copied only while no one is connected to it: the copies are made from the server's
  // maintenance database.
  const template = new URL(external).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(external), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  try {
    const urls: string[] = [];
    for (let i = 1; i <= count; i++) {
      const name = `${template}_worker_${i}`;
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      urls.push(Object.assign(new URL(external), { pathname: `/${name}` }).toString());
    }
    return urls;
  } finally {
    await admin.end();
  }
}
