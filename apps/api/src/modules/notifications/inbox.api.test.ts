import { toE164 } from '@selfcare/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { inboxRepository } from './inbox.repository.ts';
import { sendEmailJob, sendSmsJob } from './notification.jobs.ts';

/**
 * The customer's inbox (ADR 0058): what the workers sent them, as sent, when its template or sender
 * says it is kept; never a code, a link that resets, or staff's email; only their own.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const inboxOf = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/inbox', headers });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ messages: Record<string, unknown>[]; unread: number; asOf: string }>(res).data;
};

/** Waits until every job of `ids` is done: sent, and kept where it is kept. */
const done = (ids: (string | null)[]) =>
  expect
    .poll(
      async () =>
        (
          await t.ctx.database.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pgboss.job WHERE id = ANY($1::uuid[]) AND state = 'completed'`,
            [ids],
          )
        ).rows[0]?.n,
      { timeout: 15_000 },
    )
    .toBe(ids.length);

describe('the inbox', () => {
  it("keeps the usage email and the bill text sent to a customer, not the reset link, the code or staff's email to the same address, and shows them to no one else", async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const other = await signedInCustomer(t, { status: 2, activated: true });
    const link = `${t.ctx.config.PUBLIC_URL}/dashboard/local`;
    const jobs = [
      // The other customer's own text: theirs alone.
      await t.ctx.queue.send(sendSmsJob, {
        to: toE164(other.phoneNumber),
        text: 'Selfcare Mobile: your roaming data is used up.',
        inbox: { userId: other.id, link: '/dashboard/roamingUsage' },
      }),
      await t.ctx.queue.send(sendEmailJob, {
        to: c.email,
        content: {
          template: 'usage-alert',
          name: 'Mei',
          msisdn: '81234567',
          where: 'data',
          percent: 80,
          left: '2.00 GB',
          size: '10.00 GB',
          stopsAtLimit: false,
          link,
        },
        locale: 'ms',
      }),
      await t.ctx.queue.send(sendEmailJob, {
        to: c.email,
        content: {
          template: 'reset-password',
          name: 'Mei',
          link: `${link}/resetPassword/secret-token`,
          minutes: 30,
        },
      }),
      // Staff's alert to an address a customer also has: not the customer's.
      await t.ctx.queue.send(sendEmailJob, {
        to: c.email,
        content: {
          template: 'failed-sign-in',
          name: 'Agent',
          attempts: 5,
          minutes: 15,
          at: '30 November 2026, 9:00 am',
          address: '203.0.113.9',
        },
        inbox: false,
      }),
      await t.ctx.queue.send(sendSmsJob, {
        to: toE164(c.phoneNumber),
        text: 'Selfcare Mobile: your bill B202611 of $26.30 is overdue.',
        inbox: { userId: c.id, link: '/bills?bill=b1' },
      }),
      await t.ctx.queue.send(sendSmsJob, {
        to: toE164(c.phoneNumber),
        text: 'Selfcare Mobile: your code is 123456.',
      }),
    ];
    await done(jobs);

    const inbox = await inboxOf(c.headers);
    expect(inbox.messages).toHaveLength(2);
    expect(inbox.unread).toBe(2);
    const byChannel = Object.fromEntries(inbox.messages.map((m) => [m.channel, m]));
    // As it was sent: in Malay, its subject and its text, linked to the page it is about.
    expect(byChannel.email).toMatchObject({
      title: '80% daripada data anda telah digunakan pada 81234567',
      link: '/dashboard/local',
      read: false,
    });
    expect(byChannel.email?.body).toContain('2.00 GB');
    expect(byChannel.sms).toEqual(
      expect.objectContaining({
        title: null,
        body: 'Selfcare Mobile: your bill B202611 of $26.30 is overdue.',
        link: '/bills?bill=b1',
        read: false,
      }),
    );
    expect((await inboxOf(other.headers)).messages).toEqual([
      expect.objectContaining({ channel: 'sms', body: 'Selfcare Mobile: your roaming data is used up.' }),
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/inbox' })).statusCode).toBe(401);

    // Opened: everything the list showed is read, by the server's time of the list.
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/v1/inbox/read',
      headers: c.headers,
      payload: { before: inbox.asOf },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(body(read).data).toEqual({ unread: 0 });
    const after = await inboxOf(c.headers);
    expect(after.unread).toBe(0);
    expect(after.messages.every((m) => m.read)).toBe(true);
    expect((await inboxOf(other.headers)).unread).toBe(1);
  });

  it('refuses a read mark without a time, changing nothing', async () => {
    const c = await signedInCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/inbox/read',
      headers: c.headers,
      payload: { before: 'yesterday' },
    });
    expect(res.statusCode).toBe(422);
    expect(body(res).extra_info).toHaveProperty('fields.before');
  });

  it('keeps a message once, however often its send job ran, and 90 days at most', async () => {
    const c = await signedInCustomer(t);
    const message = {
      channel: 'sms' as const,
      title: null,
      body: 'Once',
      link: null,
      sentAt: new Date(),
      jobId: `job-${c.id}`,
    };
    await inboxRepository.record(t.ctx.database.pool, c.id, message);
    await inboxRepository.record(t.ctx.database.pool, c.id, message);
    const old = {
      ...message,
      body: 'Long ago',
      sentAt: new Date(Date.now() - 91 * 86_400_000),
      jobId: `old-${c.id}`,
    };
    await inboxRepository.record(t.ctx.database.pool, c.id, old);
    expect((await inboxOf(c.headers)).messages.map((m) => m.body)).toEqual(['Once']);
    // The nightly prune deletes what the inbox no longer shows.
    await inboxRepository.prune(t.ctx.database.pool, new Date());
    const { rows } = await t.ctx.database.pool.query('SELECT body FROM sent_messages WHERE user_id = $1', [
      c.id,
    ]);
    expect(rows).toEqual([{ body: 'Once' }]);
  });
});
