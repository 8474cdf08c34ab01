import { randomInt, randomUUID } from 'node:crypto';
import type { Locale } from '@selfcare/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MvneBucket, MvneClient } from '../../integrations/mvne.ts';
import { body, createTestApp, signedInCustomer, type TestApp, waitForMessage } from '../../test/harness.ts';
import { browserAllowingPush, pushesTo } from '../../test/push.ts';
import { UsageAlerts } from './usage.alerts.ts';

/**
 * A customer who chose their language (ADR 0055) gets the usage alert in it: the line's SMS and the
 * account holder's email. The alerts read the MVNE's buckets; here one bucket, the line's plan data
 * with 2 GB of 10 GB left, is what the MVNE answers, and the alerts are sent through the app's own
 * queue, database and sandbox inbox; and both are kept in the customer's own inbox.
 */
let t: TestApp;
const GB = 1024 ** 3;

/** A live line of `userId`'s, with a service at the MVNE: its id, number and service. */
async function lineOf(userId: string) {
  const msisdn = `8${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const serviceId = `svc-${randomUUID()}`;
  const at = new Date('2024-03-10T10:00:00+08:00');
  const id = await t.ctx.database.transaction(async (tx) => {
    const { rows: orders } = await tx.client.query<{ id: string }>(
      `INSERT INTO orders (order_number, user_id, status, roadshow, type_sim, delivery_method, billing_address,
         profile, quote, total_cents, due_now_cents, paid_at, created_at, updated_at)
       VALUES ($1, $2, 'Completed', false, 0, 0, '{}', '{}', '{}', 1000, 1000, $3, $3, $3) RETURNING id`,
      [`UL${randomInt(0, 1e9)}`, userId, at],
    );
    const { rows: lines } = await tx.client.query<{ id: string }>(
      `INSERT INTO order_lines (order_id, position, plan_code, addon_codes, number_type, msisdn)
       VALUES ($1, 0, 'LITE-10', '{}', 'NORMAL', $2) RETURNING id`,
      [orders[0]?.id, msisdn],
    );
    const { rows } = await tx.client.query<{ id: string }>(
      `INSERT INTO subscriptions (user_id, order_id, order_line_id, msisdn, type_sim, plan_code, is_main_line,
         state, mvne_service_id, requested_at, activated_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 0, 'LITE-10', true, 'active', $5, $6, $6, $6, $6) RETURNING id`,
      [userId, orders[0]?.id, lines[0]?.id, msisdn, serviceId, at],
    );
    return rows[0]?.id as string;
  });
  return { id, msisdn, serviceId };
}

/** The usage alerts, with an MVNE that answers `bucket` for the line's service. */
const alertsWith = (bucket: MvneBucket) =>
  new UsageAlerts({
    database: t.ctx.database,
    queue: t.ctx.queue,
    // Only the read the alerts make.
    mvne: { usage: { usageConsumption: () => Promise.resolve([bucket]) } } as unknown as Pick<
      MvneClient,
      'usage'
    >,
    brand: t.ctx.brand,
    publicUrl: t.ctx.config.PUBLIC_URL,
    defaultLocale: t.ctx.config.DEFAULT_LANGUAGE,
  });

const bucketOf = (serviceId: string, remaining: number): MvneBucket => ({
  id: `bucket-${randomUUID()}`,
  name: 'Plan data',
  usageType: 'data',
  scope: 'local',
  origin: 'plan',
  isShared: false,
  serviceId,
  size: 10 * GB,
  remaining,
  units: 'BYTES',
  validFor: { startDateTime: '2026-11-01T00:00:00+08:00', endDateTime: '2026-12-01T00:00:00+08:00' },
});

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe("the usage alert in the customer's language", () => {
  const chosen = async (language: Locale) => {
    const c = await signedInCustomer(t, { status: 2, activated: true });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/language',
      headers: c.headers,
      payload: { language },
    });
    expect(res.statusCode, res.body).toBe(200);
    return c;
  };

  it('at 80%, by SMS to the line and by email to the account holder, in Chinese', async () => {
    const c = await chosen('zh');
    const line = await lineOf(c.id);
    await alertsWith(bucketOf(line.serviceId, 2 * GB)).check([line.id]);
    const sms = await waitForMessage(`+65${line.msisdn}`, (m) => m.text.includes('80%'));
    expect(sms.text).toBe('Selfcare Mobile：本月您已使用 80% 的数据，剩余 2.00 GB。');
    const mail = await waitForMessage(c.email, (m) => m.subject?.includes(line.msisdn) === true);
    expect(mail.subject).toBe(`线路 ${line.msisdn} 已使用 80% 的数据`);
    expect(mail.text).toContain(`本月线路 ${line.msisdn} 已使用 80% 的数据，剩余 2.00 GB。`);
    expect(mail.text).toContain('本月数据：共 10.00 GB，剩余 2.00 GB。');
    expect(mail.text).toContain('查看用量：');
    expect(mail.html).toContain('<html lang="zh-Hans-SG">');
    // Both are in the customer's inbox as they were sent, linked to the usage page (ADR 0058).
    const inbox = async () =>
      body<{ messages: { channel: string; title: string | null; body: string; link: string }[] }>(
        await t.app.inject({ method: 'GET', url: '/api/v1/inbox', headers: c.headers }),
      ).data.messages;
    await expect.poll(async () => (await inbox()).length, { timeout: 10_000 }).toBe(2);
    expect(await inbox()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'sms', title: null, body: sms.text, link: '/dashboard/local' }),
        expect.objectContaining({ channel: 'email', title: mail.subject, link: '/dashboard/local' }),
      ]),
    );
  });

  it('is pushed to the browser of a customer who allows App notifications, in Chinese, decrypted by the push service', async () => {
    const c = await chosen('zh');
    const { sub } = await browserAllowingPush(t, c);
    const line = await lineOf(c.id);
    await alertsWith(bucketOf(line.serviceId, 2 * GB)).check([line.id]);
    await expect.poll(async () => (await pushesTo(sub.id)).length, { timeout: 15_000 }).toBe(1);
    const [pushed] = await pushesTo(sub.id);
    expect(pushed?.channel).toBe('push');
    expect(JSON.parse(pushed?.text ?? '')).toEqual({
      title: `线路 ${line.msisdn} 已使用 80% 的数据`,
      body: `本月线路 ${line.msisdn} 已使用 80% 的数据，剩余 2.00 GB。`,
      link: '/dashboard/local',
      lang: 'zh-Hans-SG',
      // The line's alert at 100% will replace it on the device.
      tag: `usage-${line.msisdn}-data`,
    });
    // The inbox keeps the push beside the email and the SMS.
    const inbox = body<{ messages: { channel: string; title: string | null }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/inbox', headers: c.headers }),
    ).data.messages;
    expect(inbox).toContainEqual(
      expect.objectContaining({ channel: 'push', title: `线路 ${line.msisdn} 已使用 80% 的数据` }),
    );
  });

  it('at 100%, in Tamil, saying what happens now', async () => {
    const c = await chosen('ta');
    const line = await lineOf(c.id);
    await alertsWith(bucketOf(line.serviceId, 0)).check([line.id]);
    const sms = await waitForMessage(`+65${line.msisdn}`, (m) => m.text.includes('டேட்டா'));
    expect(sms.text).toBe(
      'Selfcare Mobile: இம்மாதம் உங்கள் டேட்டா முழுவதையும் பயன்படுத்திவிட்டீர்கள். புதுப்பிக்கப்படும் வரை கூடுதல் டேட்டாவுக்குத் தனிக் கட்டணம்; கூடுதல் சேவைகள் மலிவானவை.',
    );
    const mail = await waitForMessage(c.email, (m) => m.subject?.includes(line.msisdn) === true);
    expect(mail.subject).toBe(`${line.msisdn} இணைப்பில் உங்கள் டேட்டா முழுவதும் பயன்படுத்தப்பட்டது`);
    expect(mail.text).toContain('வணக்கம் ');
  });
});
