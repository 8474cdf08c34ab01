import { randomUUID } from 'node:crypto';
import { ChargeMessages, formatSgDay } from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { BillDetail, BillList } from '@selfcare/domain/contracts/bills';
import type { StaffBilling } from '@selfcare/domain/contracts/staff-billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithBill } from '../../test/bills.ts';
import {
  body,
  chooseLanguage,
  createTestApp,
  messagesFor,
  type TestApp,
  waitForMessage,
} from '../../test/harness.ts';
import { signedInStaff, staffRequests } from '../../test/staff.ts';

/** 'Give a credit' in the staff console (ADR 0043): a supervisor's credit off the customer's next bill. */
let t: TestApp;
let agent: Awaited<ReturnType<typeof signedInStaff>>;
let supervisor: Awaited<ReturnType<typeof signedInStaff>>;

const { get: staffGet, post: staffPost } = staffRequests(() => t);

const billing = async (userId: string) =>
  body<StaffBilling>(await staffGet(`/customers/${userId}/billing`, agent.headers)).data;
const creditsOf = async (userId: string) =>
  (
    await t.ctx.database.pool.query(
      `SELECT amount_cents, reason, bill_id FROM charges WHERE user_id = $1 AND kind = 'credit' ORDER BY created_at`,
      [userId],
    )
  ).rows as { amount_cents: number; reason: string; bill_id: string | null }[];
const audit = async (userId: string) =>
  (
    await t.ctx.database.pool.query(
      `SELECT staff_id, subject, reason, detail FROM staff_audit_log WHERE action = 'give-credit' AND detail->>'userId' = $1`,
      [userId],
    )
  ).rows as { staff_id: string; subject: string; reason: string; detail: Record<string, unknown> }[];
const give = (userId: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
  staffPost(`/customers/${userId}/credits`, headers, {
    requestKey: randomUUID(),
    reason: 'Goodwill',
    ...payload,
  });

/** A customer whose $7.00 bill is paid by card, and the SIM replacement charge on it. */
async function paidBill() {
  const { c, bill } = await customerWithBill(t, 700);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/v1/bills/${bill.id}/pay`,
    headers: c.headers,
    payload: { method: 'card' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const charge = (await billing(c.id)).bills[0]?.items[0];
  if (!charge) throw new Error('no charge');
  return { c, bill, charge };
}

beforeAll(async () => {
  t = await createTestApp();
  agent = await signedInStaff(t, 'agent');
  supervisor = await signedInStaff(t, 'supervisor');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a credit given in the staff console', () => {
  it("a credit for a plan's part of a month keeps its words: the bill and the email say it in the customer's language", async () => {
    const part = ChargeMessages.partMonth('Lite 10', '21 October 2026', '11', '31');
    const { c } = await customerWithBill(t, 700, { more: [{ reason: part, cents: 355 }] });
    const words = { kind: 'part', name: 'Lite 10', from: '2026-10-21', days: 11, monthDays: 31 };
    const { rows } = await t.ctx.database.pool.query<{ id: string }>(
      `UPDATE charges SET words = $2 WHERE user_id = $1 AND reason = $3 RETURNING id`,
      [c.id, JSON.stringify(words), part],
    );
    const chose = await chooseLanguage(t, c.headers, 'zh');
    expect(chose.statusCode).toBe(200);
    const res = await give(c.id, supervisor.headers, {
      amount: '1.00',
      chargeId: rows[0]?.id,
      reason: 'Late SIM',
    });
    expect(res.statusCode, res.body).toBe(200);
    const credit = await t.ctx.database.pool.query(
      `SELECT reason, words FROM charges WHERE user_id = $1 AND kind = 'credit'`,
      [c.id],
    );
    expect(credit.rows).toEqual([
      { reason: ChargeMessages.creditFor(part), words: { kind: 'credit', of: words } },
    ]);
    const mail = await waitForMessage(c.email, (m) => m.text.includes('$1.00'));
    expect(mail.text).toContain('Lite 10，自 2026年10月21日 起（31 天中的 11 天）');
    expect(mail.text).not.toContain('21 October 2026');
  });

  it("a charge on a paid bill: the waiver points to 'Give a credit'; the credit is written, audit-logged, emailed, and the next bill takes it", async () => {
    const { c, charge } = await paidBill();
    const refused = await staffPost(`/charges/${charge.id}/waive`, supervisor.headers, {
      reason: 'Faulty SIM',
    });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toContain("Give a credit', under 'Not billed yet', for this charge");

    const res = await give(c.id, supervisor.headers, {
      amount: '5.50',
      chargeId: charge.id,
      reason: 'SIM arrived damaged',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(
      'A credit of $5.50 is given: the next bill takes it off, and the customer is emailed.',
    );
    expect((await billing(c.id)).unbilled).toEqual([
      expect.objectContaining({ kind: 'credit', description: 'Credit: SIM replacement', amountCents: -550 }),
    ]);
    expect(await audit(c.id)).toEqual([
      expect.objectContaining({
        staff_id: supervisor.id,
        reason: 'SIM arrived damaged',
        detail: expect.objectContaining({ amountCents: 550, chargeId: charge.id }),
      }),
    ]);

    const mail = await waitForMessage(c.email, (m) => m.subject === 'A credit of $5.50 off your next bill');
    expect(mail.text).toContain(
      `We have given you a credit of $5.50 for SIM replacement on ${formatSgDay(sgDate(t.ctx.clock.now()))}.`,
    );
    expect(mail.text).toContain('It comes off your next bill');
    expect(mail.text).not.toContain('SIM arrived damaged');

    // The next bill: a $13.00 fee made since, less the credit.
    await t.ctx.database.pool.query(
      `INSERT INTO charges (user_id, kind, amount_cents, reason, created_at) VALUES ($1, 'admin-fee', 1300, 'Admin fee', $2)`,
      [c.id, t.ctx.clock.now()],
    );
    const month = sgDate(t.ctx.clock.now()).slice(0, 7);
    await t.ctx.billRun.run(month, Number.POSITIVE_INFINITY, [c.id]);
    const list = body<BillList>(
      await t.app.inject({ method: 'GET', url: '/api/v1/bills', headers: c.headers }),
    ).data;
    const next = list.bills.find((b) => b.month === month);
    const detail = body<BillDetail>(
      await t.app.inject({ method: 'GET', url: `/api/v1/bills/${next?.id}`, headers: c.headers }),
    ).data;
    expect(detail.totalCents).toBe(750);
    expect(detail.accountItems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ description: 'Credit: SIM replacement', amountCents: -550 }),
        expect.objectContaining({ description: 'Admin fee', amountCents: 1300 }),
      ]),
    );
    expect((await billing(c.id)).unbilled).toEqual([]);
  });

  it('an agent is refused, and nothing is written', async () => {
    const { c, charge } = await paidBill();
    const res = await give(c.id, agent.headers, { amount: '5.00', chargeId: charge.id });
    expect(res.statusCode).toBe(403);
    expect(await creditsOf(c.id)).toEqual([]);
    expect(await audit(c.id)).toEqual([]);
  });

  it('refuses an amount that is missing, not money, nothing, over $500.00 or more than the charge left, saying why; nothing is written', async () => {
    const { c, charge } = await paidBill();
    const refusal = async (payload: Record<string, unknown>) => {
      const res = await give(c.id, supervisor.headers, payload);
      expect(res.statusCode, res.body).toBe(422);
      return body(res).extra_info.fields?.amount;
    };
    expect(await refusal({ amount: '' })).toBe('Amount is required');
    expect(await refusal({ amount: 'five' })).toBe('Amount must be in dollars and cents, like 5.50');
    expect(await refusal({ amount: '5.555' })).toBe('Amount must be in dollars and cents, like 5.50');
    expect(await refusal({ amount: '-5' })).toBe('Amount must be in dollars and cents, like 5.50');
    expect(await refusal({ amount: '0.00' })).toBe('Amount must be more than $0.00');
    expect(await refusal({ amount: '500.01' })).toBe('Amount must be at most $500.00');
    expect(await refusal({ amount: '7.01', chargeId: charge.id })).toBe(
      'At most $7.00 more can be credited for SIM replacement ($7.00).',
    );
    expect(await creditsOf(c.id)).toEqual([]);

    expect((await give(c.id, supervisor.headers, { amount: '5', chargeId: charge.id })).statusCode).toBe(200);
    expect(await refusal({ amount: '2.01', chargeId: charge.id })).toBe(
      'At most $2.00 more can be credited for SIM replacement ($7.00).',
    );
    expect(await creditsOf(c.id)).toEqual([expect.objectContaining({ amount_cents: -500 })]);
    expect(await audit(c.id)).toHaveLength(1);
  });

  it('a double submit gives the credit once: one credit, one audit entry, one email', async () => {
    const { c } = await customerWithBill(t, 900);
    const once = { requestKey: randomUUID(), amount: '$12', reason: 'Outage on 3 March' };
    const [a, b] = await Promise.all([
      staffPost(`/customers/${c.id}/credits`, supervisor.headers, once),
      staffPost(`/customers/${c.id}/credits`, supervisor.headers, once),
    ]);
    const again = await staffPost(`/customers/${c.id}/credits`, supervisor.headers, once);
    expect([a?.statusCode, b?.statusCode, again.statusCode]).toEqual([200, 200, 200]);
    expect(body(again).message).toBe(
      'A credit of $12.00 is given: the next bill takes it off, and the customer is emailed.',
    );
    expect(await creditsOf(c.id)).toEqual([
      { amount_cents: -1200, reason: 'Goodwill credit', bill_id: null },
    ]);
    expect(await audit(c.id)).toEqual([expect.objectContaining({ reason: 'Outage on 3 March' })]);
    const mail = await waitForMessage(c.email, (m) => m.subject === 'A credit of $12.00 off your next bill');
    expect(mail.text).toContain('We have given you a credit of $12.00 on ');
    expect(
      (await messagesFor(c.email)).filter((m) => m.subject === 'A credit of $12.00 off your next bill'),
    ).toHaveLength(1);
  });
});
