import { toE164 } from '@selfcare/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signedInCustomer, type TestApp, waitForMessage } from '../../test/harness.ts';
import { inboxRepository } from './inbox.repository.ts';
import { sendEmailJob, sendSmsJob } from './notification.jobs.ts';

/**
 * The customer's inbox (ADR 0058): what the workers sent them, as sent, when its template or sender
 * says it is kept; never a code or a link that resets; only their own.
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
  return body<{ messages: Record<string, unknown>[]; unread: number }>(res).data;
};

describe('the inbox', () => {
  it('keeps the usage email and the bill text sent to a customer, not the reset link or the code, and shows them to no one else', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const other = await signedInCustomer(t, { status: 2, activated: true });
    const link = `${t.ctx.config.PUBLIC_URL}/dashboard/local`;
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
    });
    await t.ctx.queue.send(sendEmailJob, {
      to: c.email,
      content: {
        template: 'reset-password',
        name: 'Mei',
        link: `${link}/resetPassword/secret-token`,
        minutes: 30,
      },
    });
    await t.ctx.queue.send(sendSmsJob, {
      to: toE164(c.phoneNumber),
      text: 'Selfcare Mobile: your bill B202611 of $26.30 is overdue.',
      inbox: { userId: c.id, link: '/bills?bill=b1' },
    });
    await t.ctx.queue.send(sendSmsJob, {
      to: toE164(c.phoneNumber),
      text: 'Selfcare Mobile: your code is 123456.',
    });
    // All four went out.
    await waitForMessage(c.email, (m) => m.subject?.includes('81234567') === true);
    await waitForMessage(c.email, (m) => m.text.includes('secret-token'));
    await waitForMessage(toE164(c.phoneNumber), (m) => m.text.includes('overdue'));
    await waitForMessage(toE164(c.phoneNumber), (m) => m.text.includes('123456'));

    await expect.poll(async () => (await inboxOf(c.headers)).messages.length, { timeout: 10_000 }).toBe(2);
    const inbox = await inboxOf(c.headers);
    expect(inbox.unread).toBe(2);
    const byChannel = Object.fromEntries(inbox.messages.map((m) => [m.channel, m]));
    expect(byChannel.email).toMatchObject({ link: '/dashboard/local', read: false });
    // As it was sent: in Malay, its subject and its text.
    expect(byChannel.email?.title).toContain('81234567');
    expect(byChannel.email?.body).toContain('2.00 GB');
    expect(byChannel.sms).toEqual(
      expect.objectContaining({
        title: null,
        body: 'Selfcare Mobile: your bill B202611 of $26.30 is overdue.',
        link: '/bills?bill=b1',
        read: false,
      }),
    );
    for (const m of inbox.messages)
      expect(`${m.title} ${m.body} ${m.link}`).not.toMatch(/secret-token|your code/);
    expect((await inboxOf(other.headers)).messages).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/inbox' })).statusCode).toBe(401);

    // Opened: everything sent until then is read.
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/v1/inbox/read',
      headers: c.headers,
      payload: { before: new Date().toISOString() },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(body(read).data).toEqual({ unread: 0 });
    const after = await inboxOf(c.headers);
    expect(after.unread).toBe(0);
    expect(after.messages.every((m) => m.read)).toBe(true);
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

  it('keeps a message once, however often its send job ran', async () => {
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
    expect((await inboxOf(c.headers)).messages).toHaveLength(1);
  });
});
