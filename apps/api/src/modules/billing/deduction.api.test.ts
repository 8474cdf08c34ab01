import {
  DEDUCTION_RETRY_DAYS,
  formatBillMonth,
  formatSgDay,
  monthBilledOn,
  nextMonth,
  PAYNOW_CUTOFF_DAY,
  payNowBeforeDeduction,
  previousMonth,
} from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { BillDetail, BillList } from '@selfcare/domain/contracts/bills';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargesAt, customerWithBill, tokenFor } from '../../test/bills.ts';
import { body, createTestApp, messagesFor, type TestApp, waitForMessage } from '../../test/harness.ts';
import { deductionRepository } from './deduction.repository.ts';

/**
 * The automated card deduction against the sandbox gateway: bills long past their 25th (so every
 * try's day has come) and one not due yet, with a card that pays and one without funds.
 */
let t: TestApp;
const detail = async (c: { headers: Record<string, string> }, id: string) =>
  body<BillDetail>(await t.app.inject({ method: 'GET', url: `/api/v1/bills/${id}`, headers: c.headers }))
    .data;
const deductions = async (billId: string) =>
  (
    await t.ctx.database.pool.query(
      `SELECT id, attempt, state, failure_code FROM bill_payments WHERE bill_id = $1 AND method = 'deduction' ORDER BY attempt`,
      [billId],
    )
  ).rows as { id: string; attempt: number; state: string; failure_code: string | null }[];
const overdueFees = async (userId: string) =>
  Number(
    (
      await t.ctx.database.pool.query(
        `SELECT count(*) AS n FROM charges WHERE user_id = $1 AND kind = 'overdue-fee' AND amount_cents = 1000`,
        [userId],
      )
    ).rows[0].n,
  );

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('the card deduction from the 25th', () => {
  it('charges a due bill to the saved card once, and the bill is paid', async () => {
    const { c, bill } = await customerWithBill(t, 3690);
    await t.ctx.deductions.run();
    await t.ctx.deductions.run();
    const tries = await deductions(bill.id);
    expect(tries.map((d) => [d.attempt, d.state])).toEqual([[0, 'succeeded']]);
    expect(await chargesAt(tries[0]?.id as string)).toHaveLength(1);
    expect(await detail(c, bill.id)).toMatchObject({ status: 'paid', paidCents: 3690 });
  });

  it('a card without funds is tried four times, each failure told once, and the overdue fee is charged once', async () => {
    const { c, bill } = await customerWithBill(t, 2450, { token: await tokenFor('4000000000009995') });
    for (let i = 0; i < 6; i++) await t.ctx.deductions.run();
    expect((await deductions(bill.id)).map((d) => [d.attempt, d.state])).toEqual([
      [0, 'failed'],
      [1, 'failed'],
      [2, 'failed'],
      [3, 'failed'],
    ]);
    expect((await detail(c, bill.id)).status).toBe('due');
    const sms = await waitForMessage(`+65${c.phoneNumber}`, (m) =>
      m.text.includes('Payment deduction failed.'),
    );
    expect(sms.text).toContain(`We could not charge $24.50`);
    await expect
      .poll(
        async () =>
          (await messagesFor(c.email)).filter((m) => m.subject?.startsWith('Payment deduction failed'))
            .length,
      )
      .toBe(4);
    const emails = (await messagesFor(c.email)).filter((m) =>
      m.subject?.startsWith('Payment deduction failed'),
    );
    expect(emails.filter((m) => m.text.includes('We will try your card again on'))).toHaveLength(3);
    expect(
      emails.filter((m) => m.text.includes('unpaid bills are charged an overdue notice fee')),
    ).toHaveLength(1);
    expect(await overdueFees(c.id)).toBe(1);
    // Every try used: /bills names no next one.
    expect(await detail(c, bill.id)).toMatchObject({ nextDeductionOn: null });
    // Every try used: the bill no longer takes a place in the page the others wait behind.
    const page = await deductionRepository.candidates(
      t.ctx.database.pool,
      sgDate(t.ctx.clock.now()),
      DEDUCTION_RETRY_DAYS,
      10_000,
      PAYNOW_CUTOFF_DAY,
    );
    expect(page.map((b) => b.id)).not.toContain(bill.id);
  });

  it("a failed try's email names the card, the bill and the amount, the next try's day and what to do before it; /bills gives the same next try", async () => {
    const { c, bill } = await customerWithBill(t, 3130, { token: await tokenFor('4000000000009995') });
    await t.ctx.deductions.run();
    const mail = await waitForMessage(
      c.email,
      (m) => m.subject?.startsWith('Payment deduction failed') === true,
    );
    expect(mail.text).toContain(
      `We could not charge $31.30 for your ${formatBillMonth(bill.month)} bill ${bill.number} to VISA •••• 4242.`,
    );
    // The bill is long past its 25th, so the second try's day has come: it is made at the next run.
    expect(mail.text).toContain(
      `We will try your card again on ${formatSgDay(sgDate(t.ctx.clock.now()))}. Before then you can pay the bill now by card or PayNow, or change the card your bills are charged to, on your bills page.`,
    );
    expect(mail.text).toContain(`/bills?bill=${bill.id}`);
    // /bills says the same next try, with the failed one.
    const today = sgDate(t.ctx.clock.now());
    expect(await detail(c, bill.id)).toMatchObject({ deductionFailedOn: today, nextDeductionOn: today });
    const list = body<BillList>(
      await t.app.inject({ method: 'GET', url: '/api/v1/bills', headers: c.headers }),
    ).data;
    expect(list.bills.find((b) => b.id === bill.id)).toMatchObject({ nextDeductionOn: today });
  });

  it('an overdue bill is told: the notice by email and SMS once with its fee, and /bills says overdue and the failed deduction', async () => {
    const { c, bill } = await customerWithBill(t, 5547, { token: await tokenFor('4000000000009995') });
    for (let i = 0; i < 3; i++) await t.ctx.deductions.run();
    expect(await overdueFees(c.id)).toBe(1);
    const sms = await waitForMessage(`+65${c.phoneNumber}`, (m) => m.text.includes('Overdue notice'));
    expect(sms.text).toContain(`bill (${bill.number}) of $55.47`);
    expect(sms.text).toContain('An overdue notice fee of $10.00 goes on your next bill.');
    const mail = await waitForMessage(c.email, (m) => m.subject?.startsWith('Overdue notice') === true);
    expect(mail.text).toContain(`/bills?bill=${bill.id}`);
    const overdueNotices = async () => [
      ...(await messagesFor(c.email)).filter((m) => m.subject?.startsWith('Overdue notice')),
      ...(await messagesFor(`+65${c.phoneNumber}`)).filter((m) => m.text.includes('Overdue notice')),
    ];
    expect(await overdueNotices()).toHaveLength(2);

    const shown = await detail(c, bill.id);
    const tries = await t.ctx.database.pool.query(
      `SELECT to_char(max(created_at) AT TIME ZONE 'Asia/Singapore', 'YYYY-MM-DD') AS on FROM bill_payments
        WHERE bill_id = $1 AND method = 'deduction' AND state = 'failed'`,
      [bill.id],
    );
    expect(shown).toMatchObject({ status: 'due', overdue: true, deductionFailedOn: tries.rows[0].on });
    const list = body<BillList>(
      await t.app.inject({ method: 'GET', url: '/api/v1/bills', headers: c.headers }),
    ).data;
    expect(list.bills.find((b) => b.id === bill.id)).toMatchObject({ overdue: true });

    // Another run charges no second fee and sends no second notice.
    await t.ctx.deductions.run();
    expect(await overdueFees(c.id)).toBe(1);
    expect(await overdueNotices()).toHaveLength(2);
  });

  it('PayNow paid before the 23rd holds the first try back; on or after it, it does not', async () => {
    const { c, bill } = await customerWithBill(t, 2020);
    const claim = await t.app.inject({
      method: 'POST',
      url: `/api/v1/bills/${bill.id}/paynow/sent`,
      headers: c.headers,
    });
    expect(claim.statusCode).toBe(200);
    const setClaimed = (at: Date) =>
      t.ctx.database.pool.query(
        `UPDATE bill_payments SET created_at = $2 WHERE bill_id = $1 AND method = 'paynow'`,
        [bill.id, at],
      );
    const tried = async (today: string) =>
      (
        await deductionRepository.candidates(
          t.ctx.database.pool,
          today,
          DEDUCTION_RETRY_DAYS,
          10_000,
          PAYNOW_CUTOFF_DAY,
        )
      ).some((b) => b.id === bill.id);
    const month = bill.dueOn.slice(0, 7);
    await setClaimed(new Date(`${month}-22T10:00:00+08:00`));
    expect(await tried(bill.dueOn)).toBe(false);
    await setClaimed(new Date(`${month}-23T10:00:00+08:00`));
    expect(await tried(bill.dueOn)).toBe(true);

    // The deduction's SQL and the domain's rule agree on every moment of a claim, in Singapore time:
    // from the month before the due date to the due date itself, midnights around the cut-off included.
    const from = Date.parse(`${previousMonth(month)}-01T00:00:00+08:00`);
    const to = Date.parse(`${bill.dueOn}T23:59:59+08:00`);
    const cutoff = Date.parse(`${month}-${String(PAYNOW_CUTOFF_DAY).padStart(2, '0')}T00:00:00+08:00`);
    const moment = fc.oneof(
      fc.integer({ min: from, max: to }),
      fc.integer({ min: cutoff - 3_600_000, max: cutoff + 3_600_000 }),
    );
    await fc.assert(
      fc.asyncProperty(moment, async (ms) => {
        const at = new Date(ms);
        await setClaimed(at);
        expect(await tried(bill.dueOn)).toBe(!payNowBeforeDeduction(sgDate(at), bill.dueOn));
      }),
      { numRuns: 40 },
    );
  });

  it('"I have paid by PayNow" the bank never credits lapses after 5 days: Due Now again, and charged', async () => {
    const { c, bill } = await customerWithBill(t, 2121);
    await t.app.inject({ method: 'POST', url: `/api/v1/bills/${bill.id}/paynow/sent`, headers: c.headers });
    expect((await detail(c, bill.id)).status).toBe('pending');
    await t.ctx.database.pool.query(
      `UPDATE bill_payments SET created_at = created_at - interval '6 days' WHERE bill_id = $1 AND method = 'paynow'`,
      [bill.id],
    );
    await t.ctx.deductions.run();
    const claim = await t.ctx.database.pool.query(
      `SELECT state FROM bill_payments WHERE bill_id = $1 AND method = 'paynow'`,
      [bill.id],
    );
    expect(claim.rows[0].state).toBe('void');
    expect((await deductions(bill.id)).map((d) => [d.attempt, d.state])).toEqual([[0, 'succeeded']]);
    expect(await detail(c, bill.id)).toMatchObject({ status: 'paid', paidCents: 2121 });
  });

  it('without a card on file the try fails at once and is told', async () => {
    const { c, bill } = await customerWithBill(t, 1500, { token: null });
    await t.ctx.deductions.run();
    expect((await deductions(bill.id))[0]).toMatchObject({
      attempt: 0,
      state: 'failed',
      failure_code: 'no_card',
    });
    const mail = await waitForMessage(
      c.email,
      (m) => m.subject?.startsWith('Payment deduction failed') === true,
    );
    expect(mail.text).toContain(`bill ${bill.number}: there is no card saved on your account.`);
  });

  it('a bill not due yet is not charged, nor overdue', async () => {
    // This month's bill, made ahead: due on the 25th of next month.
    const month = nextMonth(monthBilledOn(sgDate(t.ctx.clock.now())));
    const { c, bill } = await customerWithBill(t, 990, { month });
    const list = body<BillList>(
      await t.app.inject({ method: 'GET', url: '/api/v1/bills', headers: c.headers }),
    ).data;
    const dueOn = list.bills.find((b) => b.id === bill.id)?.dueOn ?? '';
    expect(dueOn > sgDate(t.ctx.clock.now())).toBe(true);
    await t.ctx.deductions.run();
    expect(await deductions(bill.id)).toEqual([]);
    expect(await overdueFees(c.id)).toBe(0);
    expect(await detail(c, bill.id)).toMatchObject({
      overdue: false,
      deductionFailedOn: null,
      nextDeductionOn: null,
    });
  });
});
