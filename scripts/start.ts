/**
 * `npm start`: the whole portal on one machine. Starts the embedded database (unless DATABASE_URL is
 * set), applies migrations, loads the demo data into an empty database once, starts the sandbox and
 * MockPass (unless their URLs are configured), then the API with its job worker, which also serves the
 * built web app. `--dev` adds the Vite dev server with hot reload. Ctrl-C stops everything in order.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import {
  buildApp,
  ConfigError,
  createContext,
  createDatabase,
  DEFAULT_PUSH_SERVICES,
  DEMO_CUSTOMERS,
  DEMO_PASSWORD,
  DEMO_STAFF_MEMBERS,
  type EmbeddedDatabase,
  loadConfig,
  migrateAndSeed,
  printableError,
  startEmbeddedDatabase,
} from '@selfcare/api';
import { type Sandbox, startMockPass, startSandbox } from '@selfcare/sandbox';
import { runUntilStopped, type Stops } from './lifecycle.ts';

const dev = process.argv.includes('--dev');
const env = process.env;
const sandboxPort = Number(env.SANDBOX_PORT ?? 3100);
const smtpPort = Number(env.SANDBOX_SMTP_PORT ?? 2525);
const mockpassPort = Number(env.MOCKPASS_PORT ?? 5156);
const runSandbox =
  !env.SMTP_URL && !env.SMS_URL && !env.MVNE_URL && !env.ONEMAP_URL && !env.COURIER_URL && !env.PAYMENTS_URL;
const runMockpass = !env.MYINFO_URL;

async function main(stops: Stops) {
  const config = loadConfig({
    // In dev the pages come from Vite, so emailed links must point there.
    ...(dev && !env.PUBLIC_URL ? { PUBLIC_URL: 'http://localhost:5173' } : {}),
    ...env,
    ...(runSandbox
      ? {
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          SMS_URL: `http://127.0.0.1:${sandboxPort}/sms/api/v1/messages`,
          MVNE_URL: `http://127.0.0.1:${sandboxPort}/mvne/tmf-api`,
          ONEMAP_URL: `http://127.0.0.1:${sandboxPort}`,
          PAYMENTS_URL: `http://127.0.0.1:${sandboxPort}`,
          BANK_URL: `http://127.0.0.1:${sandboxPort}`,
          COURIER_URL: `http://127.0.0.1:${sandboxPort}/courier/api/v1`,
          // The sandbox's push service's endpoints, beside the real services: a browser's own cannot be
          // reached here, and the rest of the sandbox is not a push service.
          PUSH_SERVICES: `${env.PUSH_SERVICES ?? DEFAULT_PUSH_SERVICES},http://127.0.0.1:${sandboxPort}/push/send/`,
        }
      : {}),
  });

  let embedded: EmbeddedDatabase | undefined;
  if (!config.DATABASE_URL) {
    embedded = await startEmbeddedDatabase({
      dataDir: resolve(config.DATA_DIR, 'pglite'),
      port: config.EMBEDDED_DB_PORT,
    });
    stops.add(() => embedded?.stop());
  }
  const databaseUrl = config.DATABASE_URL ?? (embedded?.url as string);

  const setup = createDatabase(databaseUrl, 2);
  let seeded: number;
  try {
    seeded = await migrateAndSeed(setup, { demo: env.SEED_DEMO !== 'false' });
  } finally {
    await setup.close();
  }

  let sandbox: Sandbox | undefined;
  if (runSandbox) {
    sandbox = await startSandbox({
      httpPort: sandboxPort,
      smtpPort,
      smsApiKey: config.SMS_API_KEY,
      mvneApiKey: config.MVNE_API_KEY,
      paymentsApiKey: config.PAYMENTS_API_KEY,
      paymentsWebhookSecret: config.PAYMENTS_WEBHOOK_SECRET,
      paymentsWebhookUrl: `http://127.0.0.1:${config.PORT}/api/v1/webhooks/payments`,
      bankApiKey: config.BANK_API_KEY,
      bankWebhookSecret: config.BANK_WEBHOOK_SECRET,
      bankWebhookUrl: `http://127.0.0.1:${config.PORT}/api/v1/webhooks/bank`,
      mvneWebhookSecret: config.MVNE_WEBHOOK_SECRET,
      mvneWebhookUrl: `http://127.0.0.1:${config.PORT}/api/v1/webhooks/mvne`,
      // The spec's "within 4 hours", shortened so the demo shows a line going live.
      mvneActivationDelayMs: Number(env.SANDBOX_MVNE_ACTIVATION_MS ?? 5000),
      dataDir: resolve(config.DATA_DIR, 'sandbox'),
    });
    stops.add(() => sandbox?.stop());
  }

  if (runMockpass) {
    const mockpass = await startMockPass({
      port: mockpassPort,
      showLoginPage: env.SHOW_LOGIN_PAGE !== 'false',
      clientSecret: config.MYINFO_CLIENT_SECRET,
    });
    stops.add(() => mockpass.stop());
    // MockPass's demo keys stand in for ours, as MyInfo's sandbox would issue them.
    Object.assign(config, {
      MYINFO_URL: mockpass.url,
      MYINFO_PRIVATE_KEY_FILE: config.MYINFO_PRIVATE_KEY_FILE ?? mockpass.privateKeyFile,
      MYINFO_CERT_FILE: config.MYINFO_CERT_FILE ?? mockpass.certFile,
    });
  }

  const ctx = await createContext(config, databaseUrl);
  stops.add(() => ctx.close());
  const app = await buildApp(ctx);
  stops.add(() => app.close());
  await app.listen({ host: config.HOST, port: config.PORT });

  let vite: ChildProcess | undefined;
  if (dev) {
    vite = spawn('npm', ['run', 'dev', '-w', '@selfcare/web'], {
      stdio: 'inherit',
      env: { ...env, API_URL: `http://127.0.0.1:${config.PORT}` },
    });
    stops.add(() => {
      vite?.kill('SIGTERM');
    });
  }

  const width = Math.max(
    ...DEMO_CUSTOMERS.map((c) => (c.email ?? `+65 ${c.phoneNumber} (OTP by SMS)`).length),
  );
  const lines = [
    '',
    `  Selfcare portal   ${dev ? 'http://localhost:5173 (hot reload)' : config.PUBLIC_URL}`,
    `  API docs          ${config.PUBLIC_URL}/api/docs`,
    runSandbox ? `  Sandbox inbox     http://localhost:${sandboxPort}/inbox` : '',
    runMockpass ? `  MockPass          http://localhost:${mockpassPort}` : '',
    `  Database          ${config.DATABASE_URL ? 'DATABASE_URL' : `embedded PGlite in ${resolve(config.DATA_DIR, 'pglite')}`}${seeded ? ` (${seeded} demo customers loaded)` : ''}`,
    '',
    `  Demo logins (password ${DEMO_PASSWORD}; or log in with the mobile number and a code from the inbox):`,
    ...DEMO_CUSTOMERS.map(
      (c) =>
        `    ${(c.email ?? `+65 ${c.phoneNumber} (OTP by SMS)`).padEnd(width)}  +65 ${c.phoneNumber}  → ${c.lands}`,
    ),
    `  Staff console ${config.PUBLIC_URL}/staff (password ${DEMO_PASSWORD} and a code from an authenticator app set up with the TOTP secret):`,
    ...DEMO_STAFF_MEMBERS.map(
      (m) => `    ${m.email.padEnd(width)}  ${m.role.padEnd(10)}  TOTP secret ${m.totpSecret}`,
    ),
    '',
    '  Ctrl-C stops everything.',
    '',
  ];
  console.log(lines.filter((l, i, a) => l !== '' || a[i - 1] !== '').join('\n'));
}

// A failed start (a bad setting, a port in use, the database refusing) stops what it had started,
// and says why without the values of the row it failed on.
await runUntilStopped(main, {
  report: (err) => console.error(err instanceof ConfigError ? err.message : printableError(err)),
});
