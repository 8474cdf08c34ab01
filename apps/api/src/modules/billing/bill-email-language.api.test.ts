import { randomInt } from 'node:crypto';
import type { AuthUser } from '@selfcare/domain/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signedInCustomer, type TestApp, waitForMessage } from '../../test/harness.ts';
import { startJobsDone } from '../../test/jobs.ts';

/**
 * A customer chooses their language (ADR 0055), and what is sent to them from then on is written in
 * it: the month's bill email, its days and months as the language writes them.
 */
let t: TestApp;
type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
let chose: Customer;
const MONTH = '2024-06';

const call = (method: 'GET' | 'PUT', url: string, c: Customer, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: c.headers, ...(payload ? { payload } : {}) });

/** A LITE-10 line live since March: June is billed whole, $10.00. */
async function lineFor(userId: string) {
  const number = `8${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  const at = new Date('2024-03-10T10:00:00+08:00');
  await t.ctx.database.transaction(async (tx) => {
    const { rows: orders } = await tx.client.query<{ id: string }>(
      `INSERT INTO orders (order_number, user_id, status, roadshow, type_sim, delivery_method, billing_address,
         profile, quote, total_cents, due_now_cents, paid_at, created_at, updated_at)
       VALUES ($1, $2, 'Completed', false, 0, 0, '{}', '{}', '{}', 1000, 1000, $3, $3, $3) RETURNING id`,
      [`BL${randomInt(0, 1e9)}`, userId, at],
    );
    const { rows: lines } = await tx.client.query<{ id: string }>(
      `INSERT INTO order_lines (order_id, position, plan_code, addon_codes, number_type, msisdn)
       VALUES ($1, 0, 'LITE-10', '{}', 'NORMAL', $2) RETURNING id`,
      [orders[0]?.id, number],
    );
    await tx.client.query(
      `INSERT INTO subscriptions (user_id, order_id, order_line_id, msisdn, type_sim, plan_code, is_main_line,
         state, requested_at, activated_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 0, 'LITE-10', true, 'active', $5, $5, $5, $5)`,
      [userId, orders[0]?.id, lines[0]?.id, number, at],
    );
  });
}

beforeAll(async () => {
  t = await createTestApp();
  // The worker's start-time card deduction would try this file's past bill if it ran after it.
  await startJobsDone(t, 'billing.deduct');
  chose = await signedInCustomer(t, { status: 2, activated: true });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("the customer's language", () => {
  it('is kept when they choose one of the four, and their session speaks it at once', async () => {
    const res = await call('PUT', '/auth/language', chose, { language: 'zh' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<AuthUser>(res).data.language).toBe('zh');
    const me = await call('GET', `/users/${chose.id}`, chose);
    expect(body<AuthUser>(me).data.language).toBe('zh');
    // Kept on the account, it is in the customer's copy of their data.
    expect(JSON.stringify(await t.ctx.accountExport.export(chose.id))).toContain('"language":"zh"');
  });

  it('refuses a language the portal does not speak, and keeps the one chosen', async () => {
    const res = await call('PUT', '/auth/language', chose, { language: 'fr' });
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toBe('Language is invalid');
    expect(body<AuthUser>(await call('GET', `/users/${chose.id}`, chose)).data.language).toBe('zh');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/language',
      payload: { language: 'ta' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('writes the bill email in it: its subject, its words, its month and due day', async () => {
    await lineFor(chose.id);
    await t.ctx.billRun.run(MONTH, Number.POSITIVE_INFINITY, [chose.id]);
    for (let i = 0; i < 20 && (await t.ctx.billing.sendBillEmails(500)) > 0; i++);
    const mail = await waitForMessage(chose.email, (m) => m.subject?.includes('2024年6月') === true);
    expect(mail.subject).toBe('您的2024年6月账单：$10.00');
    expect(mail.text).toContain('付款截止日期为2024年7月25日');
    expect(mail.text).toContain('PayNow 付款最多需要 2 个工作日入账');
    expect(mail.text).not.toContain('您之前的账单');
    expect(mail.text).not.toContain('Your bill');
    expect(mail.html).toContain('<html lang="zh-Hans-SG">');
    expect(mail.html).toContain('查看账单');
  });

  it("is the operator's DEFAULT_LANGUAGE for a customer who chose none", async () => {
    // The same database and workers, with an operator who writes in Malay by default.
    const malay = await createTestApp({ DEFAULT_LANGUAGE: 'ms' });
    try {
      const none = await signedInCustomer(t, { status: 2, activated: true });
      await lineFor(none.id);
      await malay.ctx.billRun.run(MONTH, Number.POSITIVE_INFINITY, [none.id]);
      for (let i = 0; i < 20 && (await malay.ctx.billing.sendBillEmails(500)) > 0; i++);
      // On the shared PostgreSQL tier the workers also send every other file's bill emails first:
      // 1.2 s alone, over 20 s once beside them.
      const mail = await waitForMessage(none.email, (m) => m.subject?.includes('Jun 2024') === true, 45_000);
      expect(mail.subject).toBe('Bil Jun 2024 anda: $10.00');
      expect(mail.html).toContain('<html lang="ms-SG">');
    } finally {
      await malay.close();
    }
  }, 60_000);
});
