import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { JobHandler, Queue } from '../../jobs/queue.ts';
import {
  body,
  createTestApp,
  linkToken,
  messagesFor,
  registration,
  TEST_PASSWORD,
  type TestApp,
  waitForMessage,
} from '../../test/harness.ts';
import { registerNotificationWorkers, sendEmailJob } from './notification.jobs.ts';

const PASSWORD = TEST_PASSWORD;

const open: TestApp[] = [];
afterAll(async () => {
  for (const t of open) await t.close();
});

describe('durable notifications', () => {
  it('answers at once while the mail server is down, and delivers the email once it is back', async () => {
    const down = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    const f = registration();
    const started = Date.now();
    const res = await down.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: f });
    expect(res.statusCode).toBe(201);
    expect(Date.now() - started).toBeLessThan(2000);

    // The job failed and waits for its retry; nothing is lost.
    await expect
      .poll(
        async () =>
          (
            await down.ctx.database.pool.query<{ state: string }>(
              "SELECT state FROM pgboss.job WHERE name = 'notification.send-email' AND data->>'to' = $1",
              [f.email],
            )
          ).rows.map((r) => r.state),
        { timeout: 10_000 },
      )
      .toEqual(['retry']);
    expect(await messagesFor(f.email)).toEqual([]);
    await down.close();

    // A worker that can reach the mail server picks the same job up on its retry.
    const up = await createTestApp();
    open.push(up);
    const mail = await waitForMessage(f.email, () => true, 40_000);
    expect(mail.subject).toContain('Confirm your email');
  }, 60_000);
});

describe('an email sent at least once (ADR 0034)', () => {
  it("carries its job's Message-ID, so a second delivery of the same job is shown once", async () => {
    const t = await createTestApp();
    open.push(t);
    // The worker's handlers, run here as pg-boss runs them: a job again after a lost answer.
    const handlers = new Map<string, JobHandler<typeof sendEmailJob.payload>>();
    const queue = {
      work: async (def: { name: string }, handler: JobHandler<typeof sendEmailJob.payload>) => {
        handlers.set(def.name, handler);
      },
      boss: { schedule: async () => {} },
    } as unknown as Queue;
    const { email, sms, brand, clock, emailTemplates, database, accounts, push, profile } = t.ctx;
    await registerNotificationWorkers(queue, {
      email,
      sms,
      brand,
      clock,
      database,
      templates: emailTemplates,
      recipientOf: accounts.recipientOf.bind(accounts),
      push,
      pushAllowed: profile.pushAllowed.bind(profile),
    });
    const send = handlers.get(sendEmailJob.name) as JobHandler<typeof sendEmailJob.payload>;
    const to = registration().email;
    const payload = {
      to,
      content: {
        template: 'reset-password' as const,
        name: 'Mei',
        link: 'https://example.com/r',
        minutes: 30,
      },
    };
    const job = randomUUID();
    await send(payload, { id: job, retryCount: 0 });
    // The mail server took it but its answer was lost (a slow server, a worker killed): sent again.
    await send(payload, { id: job, retryCount: 1 });
    const mail = await waitForMessage(to, () => true);
    expect(await messagesFor(to)).toHaveLength(1);
    expect(mail.copies).toBe(2);
    // Another job with the same content is another email.
    await send(payload, { id: randomUUID(), retryCount: 0 });
    await expect.poll(async () => (await messagesFor(to)).length, { timeout: 10_000 }).toBe(2);
  });
});

describe('logs', () => {
  it('carry request ids and never the password, token or cookie', async () => {
    const t = await createTestApp();
    open.push(t);
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const app = await buildApp(
      { ...t.ctx, config: { ...t.ctx.config, LOG_LEVEL: 'info' } },
      { logStream: stream },
    );
    const f = registration();
    await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: f });
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: f.email, password: PASSWORD },
    });
    const token = body<{ token: string }>(login).data.token;
    const cookie = login.cookies.find((c) => c.name === 'sc_refresh')?.value as string;
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${token}`, cookie: `sc_refresh=${cookie}` },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('"reqId"');
    expect(log).toContain('/api/v1/auth/logout');
    for (const secret of [PASSWORD, token, cookie]) expect(log).not.toContain(secret);
    // One access line per request, with what was asked and how it was answered.
    const access = log
      .split('\n')
      .filter((l) => l.includes('"request completed"'))
      .map((l) => JSON.parse(l) as { method: string; url: string; statusCode: number; reqId: string });
    expect(access.map((l) => [l.method, l.url, l.statusCode])).toEqual([
      ['POST', '/api/v1/auth/register', 201],
      ['POST', '/api/v1/auth/login', 200],
      ['POST', '/api/v1/auth/logout', 200],
    ]);
    expect(new Set(access.map((l) => l.reqId)).size).toBe(3);
    expect(log).not.toContain('incoming request');
  });

  // The security test found reset tokens in request logs: the check put them in a query string, and
  // the reset page carries its token in the path the API serves it under.
  it('keep no reset or confirmation token: not from the check, a query string or the page paths', async () => {
    const t = await createTestApp();
    open.push(t);
    const web = mkdtempSync(join(tmpdir(), 'selfcare-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Selfcare</title>');
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const app = await buildApp(
      { ...t.ctx, config: { ...t.ctx.config, LOG_LEVEL: 'info', WEB_DIST: web } },
      { logStream: stream },
    );
    const f = registration();
    await app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: f });
    const confirm = linkToken((await waitForMessage(f.email)).text, '/confirmEmail');
    await app.inject({ method: 'POST', url: '/api/v1/auth/forgotPassword', payload: { email: f.email } });
    const reset = linkToken(
      (await waitForMessage(f.email, (m) => m.subject?.includes('Reset') ?? false)).text,
      '/resetPassword',
    );
    const page = await app.inject({ method: 'GET', url: `/resetPassword/${reset}` });
    expect(page.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/confirmEmail/${confirm}` })).statusCode).toBe(200);
    const check = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-password-reset-token',
      payload: { token: reset },
    });
    expect(check.statusCode).toBe(200);
    // An old client, or anyone, still putting it in the query string.
    await app.inject({ method: 'GET', url: `/api/v1/auth/verify-password-reset-token?token=${reset}` });
    await app.inject({ method: 'GET', url: `/login?token=${reset}` });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('"url":"/resetPassword/[redacted]"');
    expect(log).toContain('"url":"/confirmEmail/[redacted]"');
    expect(log).toContain('"url":"/api/v1/auth/verify-password-reset-token?[redacted]"');
    expect(log).toContain('"url":"/login?[redacted]"');
    for (const secret of [reset, confirm]) expect(log).not.toContain(secret);
  });
});
