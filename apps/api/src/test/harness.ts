import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.ts';
import { type AppContext, createContext } from '../context.ts';
import { customerProfiles, users } from '../db/schema.ts';
import { loadConfig } from '../load-config.ts';
import {
  billRunJob,
  deductJob,
  reconcileBankJob,
  reconcileGatewayJob,
} from '../modules/billing/billing.jobs.ts';
import { applyTerminationsJob } from '../modules/lines/lines.jobs.ts';
import { applyPlanChangesJob } from '../modules/products/products.jobs.ts';
import { importUsageJob } from '../modules/usage/usage.jobs.ts';
import { hashPassword } from '../security/tokens.ts';
import { inject } from './inject.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** Where the systems outside our walls answer in a test run: the shared sandbox and MockPass. */
export function outsideSystems(): Record<string, string> {
  const sandboxUrl = inject('sandboxUrl');
  const mockpass = inject('mockpass');
  return {
    SMTP_URL: `smtp://127.0.0.1:${inject('smtpPort')}`,
    SMS_URL: `${sandboxUrl}/sms/api/v1/messages`,
    MVNE_URL: `${sandboxUrl}/mvne/tmf-api`,
    ONEMAP_URL: sandboxUrl,
    PAYMENTS_URL: sandboxUrl,
    BANK_URL: sandboxUrl,
    COURIER_URL: `${sandboxUrl}/courier/api/v1`,
    // The sandbox's push service only: its endpoints, not the rest of the sandbox.
    PUSH_SERVICES: `${sandboxUrl}/push/send/`,
    MYINFO_URL: mockpass.url,
    MYINFO_PRIVATE_KEY_FILE: mockpass.privateKeyFile,
    MYINFO_CERT_FILE: mockpass.certFile,
  };
}

/** The settings a test app runs with: the shared sandbox and MockPass, quick polls, no rate limits. */
export function testConfig(env: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ...outsideSystems(),
    DATA_DIR: join(tmpdir(), `selfcare-api-test-${process.pid}`),
    JOB_POLL_SECONDS: '0.5',
    MVNE_POLL_SECONDS: '1',
    RATE_LIMIT_MAX: '100000',
    RATE_LIMIT_ANON_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    WEB_DIST: '/nonexistent',
    ...env,
  });
}

/** What the worker sends as it starts: each runs for every customer (workers of the *.workers.ts). */
const STARTUP_JOBS = [
  billRunJob,
  deductJob,
  reconcileBankJob,
  reconcileGatewayJob,
  applyTerminationsJob,
  applyPlanChangesJob,
  importUsageJob,
].map((j) => j.name);

/**
 * Waits (up to 30 s) until the jobs the worker sent as it started have run. They run for every
 * customer in the shared database: left to race a test's setup, the deduction charged the card of a
 * customer the test had just given a bill past due, and the bill, now being paid, could not be waived.
 */
async function startupJobsRun(ctx: AppContext) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { rows } = await ctx.database.pool.query<{ count: string }>(
      `SELECT count(*) FROM pgboss.job WHERE name = ANY($1) AND state < 'completed' AND start_after <= now()`,
      [STARTUP_JOBS],
    );
    if (Number(rows[0]?.count) === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The real app against the shared test database and sandbox, with its job worker running, once the
 * jobs that worker sends as it starts have run.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const ctx = await createContext(testConfig(env), inject('dbUrl'));
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  await startupJobsRun(ctx);
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}

export interface InboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  html: string | null;
  receivedAt: string;
  /** Arrivals of the same Message-ID, when more than one (the sandbox's inbox shows it once). */
  copies?: number;
}

/** Waits for the sandbox to receive a message for `to` that `match` accepts; newest first. */
export async function waitForMessage(
  to: string,
  match: (m: InboxMessage) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<InboxMessage> {
  const deadline = Date.now() + timeoutMs;
  const url = `${inject('sandboxUrl')}/inbox/api/messages?to=${encodeURIComponent(to)}`;
  while (Date.now() < deadline) {
    const messages = (await (await fetch(url)).json()) as InboxMessage[];
    const found = messages.find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no message for ${to} within ${timeoutMs} ms`);
}

export async function messagesFor(to: string): Promise<InboxMessage[]> {
  return (await (
    await fetch(`${inject('sandboxUrl')}/inbox/api/messages?to=${encodeURIComponent(to)}`)
  ).json()) as InboxMessage[];
}

export const body = <T = unknown>(res: LightMyRequestResponse) =>
  res.json() as {
    data: T;
    status: number;
    message: string;
    extra_info: Record<string, unknown> & { fields?: Record<string, string> };
  };

let counter = 0;
/** Unique email and mobile per test, so tests never collide in the shared database. */
export function uniqueCustomer() {
  counter += 1;
  const n = (Date.now() % 1_000_000) * 10 + counter;
  const suffix = `${process.pid}-${n}`;
  return {
    email: `customer-${suffix}@example.com`,
    phoneNumber: `8${String(n % 10_000_000).padStart(7, '0')}`,
  };
}

export const TEST_PASSWORD = 'Orchid#Road88';

/** A complete, valid registration for a new customer; `over` changes single fields. */
export function registration(over: Record<string, unknown> = {}) {
  const c = uniqueCustomer();
  return {
    firstName: 'Mei Ling',
    lastName: 'Tan',
    email: c.email,
    confirmEmail: c.email,
    phoneNumber: c.phoneNumber,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    acceptTerms: true,
    ...over,
  };
}

export const linkToken = (text: string, path: string) => {
  const m = new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return m[1] as string;
};

export const otpFrom = (text: string) => {
  const m = /\b(\d{6})\b/.exec(text);
  if (!m) throw new Error(`no code in: ${text}`);
  return m[1] as string;
};

/**
 * The login code texted to `to` since `since`: a line's number also gets other texts (usage alerts
 * from traffic other tests make), so the newest message is not always the code.
 */
export async function codeTextedTo(to: string, since: Date): Promise<string> {
  const sms = await waitForMessage(
    to,
    (m) => Date.parse(m.receivedAt) >= since.getTime() - 1000 && /\b\d{6}\b/.test(m.text),
  );
  return otpFrom(sms.text);
}

export function refreshCookie(res: LightMyRequestResponse, name = 'sc_refresh'): string | undefined {
  const c = res.cookies.find((k) => k.name === name);
  return c?.value || undefined;
}

/**
 * The headers of a browser that keeps the Singpass round-trip cookie `res` set, as a browser
 * would for its next calls.
 */
export function withRoundTripCookie<H extends Record<string, string>>(
  headers: H,
  res: LightMyRequestResponse,
): H & { cookie: string } {
  const value = refreshCookie(res, 'sc_sso');
  if (!value) throw new Error('no round-trip cookie was set');
  return { ...headers, cookie: `sc_sso=${value}` };
}

let testPasswordHash: Promise<string> | undefined;

/** A customer in a given state (status 0, confirmed, by default), logged in with a password. */
/** The customer chooses the language they read, as the portal's switch does (PUT /auth/language). */
export function chooseLanguage(t: TestApp, headers: Record<string, string>, language: string) {
  return t.app.inject({ method: 'PUT', url: '/api/v1/auth/language', headers, payload: { language } });
}

export async function signedInCustomer(t: TestApp, over: Partial<typeof users.$inferInsert> = {}) {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const c = uniqueCustomer();
  const now = new Date();
  const [row] = await t.ctx.database.db
    .insert(users)
    .values({
      email: c.email,
      phoneNumber: c.phoneNumber,
      passwordHash: await testPasswordHash,
      firstName: 'Test',
      lastName: 'Customer',
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
      ...over,
    })
    .returning();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: c.email, password: TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const token = body<{ token: string }>(res).data.token;
  return {
    id: (row as { id: string }).id,
    email: c.email,
    phoneNumber: c.phoneNumber,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}

/**
 * The profile a customer's first order leaves (Ms. Tan Mei Ling, a random NRIC), with `over`. An NRIC
 * is on one profile only: a given one is taken from whichever earlier customer of the shared
 * database had it.
 */
export async function giveProfile(
  t: TestApp,
  userId: string,
  over: Partial<typeof customerProfiles.$inferInsert> = {},
) {
  const db = t.ctx.database.db;
  if (over.idNumber)
    await db
      .update(customerProfiles)
      .set({ idNumber: `X${userId}` })
      .where(eq(customerProfiles.idNumber, over.idNumber));
  const now = new Date();
  await db.insert(customerProfiles).values({
    userId,
    salutation: 'Ms.',
    givenName: 'Mei Ling',
    familyName: 'Tan',
    fullName: 'Tan Mei Ling',
    dateOfBirth: '1990-04-02',
    contactNumber: '91234567',
    idType: 1,
    idNumber: `S${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}Z`,
    idIssueDate: '2015-01-01',
    marketing: {},
    createdAt: now,
    updatedAt: now,
    ...over,
  });
}

/** A multipart/form-data body with one file in the field "file". */
export function multipart(fileName: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = '----selfcare-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Signs in by email and the test password as the login page does; the session's bearer header. */
export async function passwordLogin(t: TestApp, email: string): Promise<{ authorization: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: TEST_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${body<{ token: string }>(res).data.token}` };
}
