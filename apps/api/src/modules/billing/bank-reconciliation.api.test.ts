import type { BillDetail, BillPayment, PayNowQr } from '@selfcare/domain/contracts/bills';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverBankEvent,
  customerWithBill as fixtureBill,
  payByPayNow,
  settleBank,
} from '../../test/bills.ts';
import { clearSandboxFaults, sandboxFault } from '../../test/faults.ts';
import { body, createTestApp, type TestApp } from '../../test/harness.ts';
import { reconcileBankJob } from './billing.jobs.ts';

/**
 * The bank is the record of PayNow money (ADR 0033): credits the API was never told of by event are
 * read from the bank's statement and applied once, the deduction reads it before it charges a card,
 * and a credit no bill can take is kept for staff. Against the shared sandbox bank and its faults.
 */
let t: TestApp;
type Customer = Awaited<ReturnType<typeof fixtureBill>>['c'];

const post = (url: string, c: Customer, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: c.headers, payload });
const detail = async (c: Customer, id: string) =>
  body<BillDetail>(await t.app.inject({ method: 'GET', url: `/api/v1/bills/${id}`, headers: c.headers }))
    .data;
const customerWithBill = (cents: number) => fixtureBill(t, cents);

const pay = (reference: string, amountCents: number) =>
  payByPayNow({ uen: '201912345K', reference, amountCents });
const deliverEvent = (creditId: string) => deliverBankEvent(t, creditId);
const paymentsOf = async (billId: string) =>
  (
    await t.ctx.database.pool.query<{ method: string; state: string; amount_cents: number }>(
      'SELECT method, state, amount_cents FROM bill_payments WHERE bill_id = $1 ORDER BY created_at',
      [billId],
    )
  ).rows;
const unmatched = async (creditId: string) =>
  (
    await t.ctx.database.pool.query(
      'SELECT reason, amount_cents, bill_id FROM unmatched_credits WHERE bank_credit_id = $1',
      [creditId],
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterEach(async () => {
  await clearSandboxFaults();
});
afterAll(async () => {
  await t?.close();
});

describe("the bank's statement, read by cursor", () => {
  it('with the bank down for five minutes a settled PayNow credit is applied by the next read after it answers, and the card is never charged for that bill', async () => {
    const { c, bill } = await customerWithBill(4590);
    const qr = body<PayNowQr>(await post(`/bills/${bill.id}/paynow`, c)).data;
    await sandboxFault('bank', 'down', 300);
    const transfer = await payByPayNow({ qr: qr.payload });
    await settleBank();
    // Every delivery of the bank's event meets the outage, as its nine tries over four minutes would.
    for (let i = 0; i < 3; i++) expect((await deliverEvent(transfer.id)).statusCode).toBe(503);
    expect((await detail(c, bill.id)).status).toBe('due');
    // The bill is past its 25th: the deduction cannot read the bank, so it charges nothing.
    await t.ctx.deductions.run();
    expect(await paymentsOf(bill.id)).toEqual([]);

    await clearSandboxFaults();
    await t.ctx.bankCredits.reconcile();
    expect(await detail(c, bill.id)).toMatchObject({ status: 'paid', paidCents: 4590 });
    await t.ctx.deductions.run();
    expect(await paymentsOf(bill.id)).toEqual([{ method: 'paynow', state: 'succeeded', amount_cents: 4590 }]);
    // Read again, and its event arriving late: still counted once.
    await t.ctx.bankCredits.reconcile();
    expect((await deliverEvent(transfer.id)).statusCode).toBe(200);
    expect((await detail(c, bill.id)).paidCents).toBe(4590);
  });

  it('the deduction reads the statement before it charges: a credit settled with no event pays the bill, not the card', async () => {
    const { c, bill } = await customerWithBill(2210);
    await pay(bill.number, 2210);
    await settleBank();
    await t.ctx.deductions.run();
    expect(await paymentsOf(bill.id)).toEqual([{ method: 'paynow', state: 'succeeded', amount_cents: 2210 }]);
    expect((await detail(c, bill.id)).status).toBe('paid');
  });

  it('is read every minute and when a worker starts', async () => {
    const { rows } = await t.ctx.database.pool.query('SELECT cron FROM pgboss.schedule WHERE name = $1', [
      reconcileBankJob.name,
    ]);
    expect(rows).toEqual([{ cron: '* * * * *' }]);
    const started = await t.ctx.database.pool.query(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'completed'`,
      [reconcileBankJob.name],
    );
    expect(started.rows[0].n).toBeGreaterThan(0);
  });

  it('two readers at once apply each credit once', async () => {
    const bills = await Promise.all([customerWithBill(1100), customerWithBill(1200), customerWithBill(1300)]);
    for (const { bill } of bills) await pay(bill.number, bill.totalCents);
    await settleBank();
    await Promise.all([
      t.ctx.bankCredits.reconcile(),
      t.ctx.bankCredits.reconcile(),
      t.ctx.bankCredits.reconcile(),
    ]);
    for (const { c, bill } of bills) {
      expect(await paymentsOf(bill.id)).toHaveLength(1);
      expect(await detail(c, bill.id)).toMatchObject({ status: 'paid', paidCents: bill.totalCents });
    }
  });
});

describe('credits no bill can take', () => {
  it('a credit for a bill already paid is kept for staff, not silently credited', async () => {
    const { c, bill } = await customerWithBill(1750);
    expect(body<BillPayment>(await post(`/bills/${bill.id}/pay`, c, { method: 'card' })).data.status).toBe(
      'succeeded',
    );
    const late = await pay(bill.number, 1750);
    await settleBank();
    await t.ctx.bankCredits.reconcile();
    expect(await unmatched(late.id)).toEqual([{ reason: 'bill-paid', amount_cents: 1750, bill_id: bill.id }]);
    const credits = await t.ctx.database.pool.query('SELECT 1 FROM charges WHERE source_key = $1', [
      `paynow:${late.id}`,
    ]);
    expect(credits.rows).toEqual([]);
  });

  it('an unknown reference is kept; more than the bill is a credit on the next bill; less pays part of it', async () => {
    const more = await customerWithBill(1000);
    const less = await customerWithBill(3000);
    const typo = await pay('NOSUCHBILL42', 999);
    const over = await pay(more.bill.number, 1500);
    const part = await pay(less.bill.number, 1000);
    await settleBank();
    await t.ctx.bankCredits.reconcile();
    expect(await unmatched(typo.id)).toEqual([
      { reason: 'unknown-reference', amount_cents: 999, bill_id: null },
    ]);
    expect(await detail(more.c, more.bill.id)).toMatchObject({ status: 'paid', paidCents: 1000 });
    const credit = await t.ctx.database.pool.query('SELECT amount_cents FROM charges WHERE source_key = $1', [
      `paynow:${over.id}`,
    ]);
    expect(credit.rows).toEqual([{ amount_cents: -500 }]);
    expect(await detail(less.c, less.bill.id)).toMatchObject({ status: 'due', paidCents: 1000 });
    expect(await unmatched(part.id)).toEqual([]);
  });
});

describe('"I have paid by PayNow" beside a card payment', () => {
  it('is refused while a card charge is on its way, so no claim is left on the bill the card pays', async () => {
    const { c, bill } = await customerWithBill(2600);
    await sandboxFault('payments', 'slow', 30);
    const card = post(`/bills/${bill.id}/pay`, c, { method: 'card' });
    await expect
      .poll(async () => (await paymentsOf(bill.id)).length, { timeout: 5000, interval: 50 })
      .toBe(1);
    const claim = await post(`/bills/${bill.id}/paynow/sent`, c);
    expect([claim.statusCode, body(claim).message]).toEqual([
      409,
      'A payment for this bill is on its way. Please wait for it before paying again.',
    ]);
    expect(body<BillPayment>(await card).data.status).toBe('succeeded');
    expect(await paymentsOf(bill.id)).toEqual([{ method: 'card', state: 'succeeded', amount_cents: 2600 }]);
    expect((await detail(c, bill.id)).status).toBe('paid');
  });

  it('a claim left when the bank credit pays the bill is fulfilled, and none stays pending', async () => {
    const { c, bill } = await customerWithBill(800);
    await post(`/bills/${bill.id}/paynow/sent`, c);
    await pay(bill.number, 500);
    await pay(bill.number, 300);
    await settleBank();
    await t.ctx.bankCredits.reconcile();
    const states = (await paymentsOf(bill.id)).map((p) => [p.method, p.state, p.amount_cents]);
    expect(states).toEqual([
      ['paynow', 'succeeded', 500],
      ['paynow', 'succeeded', 300],
    ]);
    expect(await detail(c, bill.id)).toMatchObject({ status: 'paid', paidCents: 800 });
  });
});
