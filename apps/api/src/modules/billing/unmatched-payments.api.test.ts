import type { BillDetail } from '@selfcare/domain/contracts/bills';
import type { UnmatchedPayments } from '@selfcare/domain/contracts/unmatched-payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerWithBill, payByPayNow, settleBank } from '../../test/bills.ts';
import { clearSandboxFaults, sandboxFault } from '../../test/faults.ts';
import { body, createTestApp, type TestApp } from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';
import { signedInStaff, staffRequests } from '../../test/staff.ts';

/**
 * Payments nothing matched, in the staff console (ADR 0033): agents see them with their age, a
 * supervisor applies one to a bill or has the bank send it back, once, and the audit log says who.
 */
let t: TestApp;
let agent: Awaited<ReturnType<typeof signedInStaff>>;
let supervisor: Awaited<ReturnType<typeof signedInStaff>>;
const sandbox = () => inject('sandboxUrl');

const { get: staffGet, post: staffPost } = staffRequests(() => t);
const detail = async (c: { headers: Record<string, string> }, id: string) =>
  body<BillDetail>(await t.app.inject({ method: 'GET', url: `/api/v1/bills/${id}`, headers: c.headers }))
    .data;

/** A PayNow transfer keyed in by hand, credited at once and read from the bank's statement. */
async function credited(reference: string, amountCents: number) {
  const transfer = await payByPayNow({ uen: '201912345K', reference, amountCents });
  await settleBank();
  await t.ctx.bankCredits.reconcile();
  return transfer.id;
}
const open = async () => body<UnmatchedPayments>(await staffGet('/payments/unmatched', agent.headers)).data;
const audit = async (action: string) =>
  (
    await t.ctx.database.pool.query(
      `SELECT staff_id, reason, subject, detail FROM staff_audit_log WHERE action = $1 ORDER BY at`,
      [action],
    )
  ).rows as { staff_id: string; reason: string; subject: string; detail: Record<string, unknown> }[];

beforeAll(async () => {
  t = await createTestApp();
  agent = await signedInStaff(t, 'agent');
  supervisor = await signedInStaff(t, 'supervisor');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('payments nothing matched', () => {
  it('are listed for agents, oldest first, with their reason and how long the oldest has waited', async () => {
    const id = await credited(`TYPO${Date.now()}`, 2345);
    // Credited three hours before now (moving the clock would end the staff's sessions).
    await t.ctx.database.pool.query(
      `UPDATE unmatched_credits SET settled_at = $2::timestamptz - interval '3 hours' WHERE bank_credit_id = $1`,
      [id, t.ctx.clock.now()],
    );
    const list = await open();
    expect(list.items.find((i) => i.id === id)).toMatchObject({
      source: 'bank',
      amountCents: 2345,
      reason: 'unknown-reference',
      bill: null,
    });
    expect(list.oldestAgeSeconds).toBeGreaterThanOrEqual(3 * 3600);
    const settled = list.items.map((i) => i.settledAt);
    expect(settled).toEqual([...settled].sort());
    const customer = await customerWithBill(t, 100);
    expect((await staffGet('/payments/unmatched', customer.c.headers)).statusCode).toBe(403);
  });

  it('a supervisor applies one to an unpaid bill, once; an agent may not', async () => {
    const { c, bill } = await customerWithBill(t, 3000);
    const id = await credited('WRONG-REF', 3500);
    const apply = (headers: Record<string, string>, payload: object) =>
      staffPost(`/payments/unmatched/${id}/apply`, headers, payload);
    expect(
      (await apply(agent.headers, { billNumber: bill.number, reason: 'Customer called' })).statusCode,
    ).toBe(403);
    const missing = await apply(supervisor.headers, { billNumber: 'B-NOPE', reason: 'Customer called' });
    expect([missing.statusCode, body(missing).extra_info.fields]).toEqual([
      422,
      { billNumber: 'No bill has this number.' },
    ]);
    const noReason = await apply(supervisor.headers, { billNumber: bill.number, reason: ' ' });
    expect(body(noReason).extra_info.fields).toEqual({ reason: 'Reason is required' });

    const done = await apply(supervisor.headers, {
      billNumber: ` ${bill.number.toLowerCase()}`,
      reason: 'Customer called',
    });
    expect([done.statusCode, body(done).message]).toEqual([200, 'The payment is applied to the bill.']);
    expect(await detail(c, bill.id)).toMatchObject({ status: 'paid', paidCents: 3000 });
    const credit = await t.ctx.database.pool.query('SELECT amount_cents FROM charges WHERE source_key = $1', [
      `paynow:${id}`,
    ]);
    expect(credit.rows).toEqual([{ amount_cents: -500 }]);
    expect((await open()).items.map((i) => i.id)).not.toContain(id);
    const again = await apply(supervisor.headers, { billNumber: bill.number, reason: 'Again' });
    expect([again.statusCode, body(again).message]).toEqual([
      409,
      'This payment has been applied or sent back already.',
    ]);
    const [entry] = (await audit('apply-payment')).filter((a) => a.detail.bankCreditId === id);
    expect(entry).toMatchObject({ staff_id: supervisor.id, reason: 'Customer called', subject: bill.number });
  });

  it('is not applied to a bill paid already', async () => {
    const { bill } = await customerWithBill(t, 1000);
    await credited(bill.number, 1000);
    const id = await credited('ANOTHER-TYPO', 1000);
    const res = await staffPost(`/payments/unmatched/${id}/apply`, supervisor.headers, {
      billNumber: bill.number,
      reason: 'Customer called',
    });
    expect(res.statusCode).toBe(409);
    expect((await open()).items.map((i) => i.id)).toContain(id);
  });

  it('a supervisor has the bank send one back, once, even when two ask at once', async () => {
    const id = await credited('NOBODY-KNOWS', 777);
    const [a, b] = await Promise.all([
      staffPost(`/payments/unmatched/${id}/return`, supervisor.headers, { reason: 'Unknown payer asked' }),
      staffPost(`/payments/unmatched/${id}/return`, supervisor.headers, { reason: 'Unknown payer asked' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const transfers = (await (await fetch(`${sandbox()}/sandbox/api/bank/transfers`)).json()) as {
      id: string;
      returnedAt: string | null;
    }[];
    expect(transfers.find((x) => x.id === id)?.returnedAt).toEqual(expect.any(String));
    expect((await open()).items.map((i) => i.id)).not.toContain(id);
    expect((await audit('return-payment')).filter((e) => e.subject === id)).toHaveLength(1);
  });

  it('with the bank down nothing is marked sent back', async () => {
    const id = await credited('BANK-DOWN-REF', 500);
    await sandboxFault('bank', 'down', 30);
    try {
      const res = await staffPost(`/payments/unmatched/${id}/return`, supervisor.headers, {
        reason: 'Asked',
      });
      expect([res.statusCode, body(res).message]).toEqual([
        503,
        'The bank cannot be reached now. Please try again later.',
      ]);
      expect((await open()).items.map((i) => i.id)).toContain(id);
    } finally {
      await clearSandboxFaults();
    }
  });
});

describe('card charges no record accounts for', () => {
  const GATEWAY = { authorization: 'Bearer sandbox-payments-key', 'content-type': 'application/json' };
  /** A charge made at the gateway with our key but no payment of ours behind it. */
  const strayCharge = async (amount: number) =>
    (await (
      await fetch(`${sandbox()}/payments/api/v1/charges`, {
        method: 'POST',
        headers: { ...GATEWAY, 'idempotency-key': `stray-${Date.now()}-${amount}` },
        body: JSON.stringify({
          amount,
          currency: 'SGD',
          payment_method: `demo-card-${crypto.randomUUID()}`,
          metadata: { attemptId: crypto.randomUUID() },
        }),
      })
    ).json()) as { id: string; status: string };
  const kept = async (id: string) =>
    (
      await t.ctx.database.pool.query(
        'SELECT amount_cents FROM unmatched_charges WHERE gateway_charge_id = $1',
        [id],
      )
    ).rows;

  it('are judged once the settle window has passed, kept for staff, and refunded once by a supervisor', async () => {
    const { bill, c } = await customerWithBill(t, 1500);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bills/${bill.id}/pay`,
      headers: c.headers,
      payload: { method: 'card' },
    });
    expect(paid.statusCode).toBe(200);
    const stray = await strayCharge(1234);
    expect(stray.status).toBe('succeeded');
    // Too young to judge: the payment that asked for it may not have recorded it yet.
    await t.ctx.gatewayCharges.reconcile();
    expect(await kept(stray.id)).toEqual([]);

    t.ctx.clock.advance(20 * 60);
    await t.ctx.gatewayCharges.reconcile();
    expect(await kept(stray.id)).toEqual([{ amount_cents: 1234 }]);
    // The bill's own card payment is accounted for: not kept.
    const ours = await t.ctx.database.pool.query(
      `SELECT count(*)::int AS n FROM unmatched_charges u JOIN bill_payments p ON p.gateway_charge_id = u.gateway_charge_id
        WHERE p.bill_id = $1`,
      [bill.id],
    );
    expect(ours.rows[0].n).toBe(0);
    // Nor is any order's payment or one-time purchase of the customers earlier files made: each
    // module answers for its own charges.
    const others = await t.ctx.database.pool.query(
      `SELECT count(*)::int AS n FROM unmatched_charges u
        WHERE EXISTS (SELECT 1 FROM payment_attempts a WHERE a.id::text = u.attempt_id AND a.status = 'succeeded')
           OR EXISTS (SELECT 1 FROM line_products l WHERE 'product:' || l.id = u.attempt_id AND l.payment_state = 'paid')`,
    );
    expect(others.rows[0].n).toBe(0);

    // The clock moved past the staff's sessions: sign in again.
    const boss = await signedInStaff(t, 'supervisor');
    const list = body<UnmatchedPayments>(await staffGet('/payments/unmatched', boss.headers)).data;
    expect(list.items.find((i) => i.id === stray.id)).toMatchObject({
      source: 'gateway',
      amountCents: 1234,
      reason: 'unaccounted-charge',
    });
    const applyCard = await staffPost(`/payments/unmatched/${stray.id}/apply`, boss.headers, {
      billNumber: bill.number,
      reason: 'No',
    });
    expect([applyCard.statusCode, body(applyCard).message]).toEqual([
      409,
      'A card charge can only be refunded to its card.',
    ]);
    const refund = await staffPost(`/payments/unmatched/${stray.id}/return`, boss.headers, {
      reason: 'Not ours',
    });
    expect([refund.statusCode, body(refund).message]).toEqual([200, 'The charge is refunded to the card.']);
    const refunds = (await (
      await fetch(`${sandbox()}/payments/api/v1/charges/${stray.id}/refunds`, { headers: GATEWAY })
    ).json()) as { amount: number }[];
    expect(refunds.map((r) => r.amount)).toEqual([1234]);
    const again = await staffPost(`/payments/unmatched/${stray.id}/return`, boss.headers, {
      reason: 'Again',
    });
    expect(again.statusCode).toBe(409);
    // Refunded in full, it is not kept again when the list is read anew.
    await t.ctx.database.pool.query(`DELETE FROM reconciliation_cursors WHERE source = 'gateway'`);
    await t.ctx.gatewayCharges.reconcile();
    const open = body<UnmatchedPayments>(await staffGet('/payments/unmatched', boss.headers)).data;
    expect(open.items.map((i) => i.id)).not.toContain(stray.id);
  });
});
