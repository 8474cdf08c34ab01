import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { firstBilledDay, formatMoney, gstIncluded, prorate } from '@selfcare/domain';
import type { BillDetail, BillList } from '@selfcare/domain/contracts/bills';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../db/client.ts';
import {
  body,
  chooseLanguage,
  createTestApp,
  messagesFor,
  signedInCustomer,
  type TestApp,
  waitForMessage,
} from '../../test/harness.ts';
import { startJobsDone } from '../../test/jobs.ts';
import { linesOf, pagesOf } from '../../test/pdf-reader.ts';

/**
 * The bill run against the real schema: two accounts, lines activated before and during the month,
 * a one-time fee and out-of-bundle use. The month is fixed in the past, so the worker's own run (for
 * the month just ended) never makes these bills.
 */
const MONTH = '2025-01';
let t: TestApp;
type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
let a: Customer;
let b: Customer;
let lineA1: string;
let lineA2: string;

const msisdn = () => `8${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

/** A line live since `activatedAt`; `unpaidCents` makes its order a roadshow one, to be billed. */
async function activeLine(tx: Tx, userId: string, planCode: string, activatedAt: string, unpaidCents = 0) {
  const at = new Date(`${activatedAt}T10:00:00+08:00`);
  const number = msisdn();
  const { rows: orders } = await tx.client.query<{ id: string }>(
    `INSERT INTO orders (order_number, user_id, status, roadshow, type_sim, delivery_method, billing_address,
       profile, quote, total_cents, due_now_cents, paid_at, created_at, updated_at)
     VALUES ($1, $2, 'Completed', $4, 0, 0, '{}', '{}', '{}', $5, 0, $3, $3, $3) RETURNING id`,
    [`BT${randomInt(0, 1e9)}`, userId, at, unpaidCents > 0, unpaidCents],
  );
  const orderId = orders[0]?.id;
  const { rows: lines } = await tx.client.query<{ id: string }>(
    `INSERT INTO order_lines (order_id, position, plan_code, addon_codes, number_type, msisdn)
     VALUES ($1, 0, $2, '{}', 'NORMAL', $3) RETURNING id`,
    [orderId, planCode, number],
  );
  const { rows } = await tx.client.query<{ id: string }>(
    `INSERT INTO subscriptions (user_id, order_id, order_line_id, msisdn, type_sim, plan_code, is_main_line,
       state, requested_at, activated_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 0, $5, true, 'active', $6, $6, $6, $6) RETURNING id`,
    [userId, orderId, lines[0]?.id, number, planCode, at],
  );
  return { lineId: rows[0]?.id as string, orderId: orderId as string };
}

const usage = (tx: Tx, lineId: string, day: string, scope: string, cents: number) =>
  tx.client.query(
    `INSERT INTO usage_daily (line_id, day, kind, direction, scope, country, events, volume, out_of_bundle, charge_cents)
     VALUES ($1, $2, 'voice', 'outgoing', $3, 'MY', 1, 60, 60, $4)
     ON CONFLICT ON CONSTRAINT usage_daily_pkey DO UPDATE SET charge_cents = usage_daily.charge_cents + EXCLUDED.charge_cents`,
    [lineId, day, scope, cents],
  );

/** A PDF's text, a line of it per line drawn. */
const text = async (pdf: Buffer) => (await pagesOf(pdf)).flatMap((runs) => linesOf(runs)).join('\n');

const get = (url: string, c: Customer) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: c.headers });
const billOf = async (c: Customer, month: string) => {
  const list = body<BillList>(await get('/bills', c)).data;
  return list.bills.find((x) => x.month === month);
};
const countRows = async (sql: string, params: unknown[]) =>
  Number((await t.ctx.database.pool.query(sql, params)).rows[0].n);

beforeAll(async () => {
  t = await createTestApp();
  // The worker's start-time card deduction would try this file's past bills if it ran after them.
  await startJobsDone(t, 'billing.deduct');
  a = await signedInCustomer(t, { status: 2, activated: true });
  b = await signedInCustomer(t, { status: 2, activated: true });
  await t.ctx.database.transaction(async (tx) => {
    // Its order paid to 9 December: January is billed whole ($10.00). The one activated on
    // 20 January is paid to 19 February: nothing for its plan in January.
    lineA1 = (await activeLine(tx, a.id, 'LITE-10', '2024-11-10')).lineId;
    const second = await activeLine(tx, a.id, 'VALUE-20', '2025-01-20');
    lineA2 = second.lineId;
    await tx.client.query(
      `INSERT INTO charges (user_id, order_id, kind, amount_cents, reason, created_at)
       VALUES ($1, $2, 'admin-fee', 1300, 'Admin fee', '2025-01-15T04:00:00Z')`,
      [a.id, second.orderId],
    );
    await usage(tx, lineA1, '2025-01-05', 'idd', 250);
    await usage(tx, lineA1, '2025-01-28', 'idd', 140);
    await usage(tx, lineA2, '2025-01-21', 'roaming', 999);
  });
  await t.ctx.database.transaction(async (tx) => {
    // A roadshow order: nothing paid when ordering, its $52.50 on the first bill.
    await activeLine(tx, b.id, 'PLUS-35', '2024-11-02', 5250);
  });
  await t.ctx.billRun.run(MONTH);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the bill run', () => {
  it("makes one bill for the month with each line's plan, prorated from activation, fees and use", async () => {
    const summary = await billOf(a, MONTH);
    expect(summary).toMatchObject({ status: 'due', issuedOn: '2025-02-01', dueOn: '2025-02-25' });
    const bill = body<BillDetail>(await get(`/bills/${summary?.id}`, a)).data;
    expect(prorate(2000, MONTH, firstBilledDay('2025-01-20'))).toBe(0);
    const total = 1000 + 1300 + 390 + 999;
    expect(bill.totalCents).toBe(total);
    expect(bill.outstandingCents).toBe(total);
    expect(bill.gstPercent).toBe(9);
    expect(bill.gstCents).toBe(gstIncluded(total, 9));
    expect(bill.periodStart).toBe('2025-01-01');
    expect(bill.periodEnd).toBe('2025-01-31');
    const one = bill.lines.find((l) => l.lineId === lineA1);
    const two = bill.lines.find((l) => l.lineId === lineA2);
    expect(one?.items.map((i) => [i.description, i.amountCents])).toEqual(
      expect.arrayContaining([
        [expect.stringMatching(/^Lite/), 1000],
        ['IDD calls and SMS', 390],
      ]),
    );
    expect(one?.subtotalCents).toBe(1390);
    expect(two?.items.map((i) => [i.description, i.amountCents])).toEqual([['Roaming', 999]]);
    expect(bill.accountItems).toEqual([
      expect.objectContaining({ kind: 'admin-fee', description: 'Admin fee', amountCents: 1300 }),
    ]);
  });

  it('runs again, or twice at once, and every account still has one bill with each charge once', async () => {
    const before = await countRows('SELECT count(*) AS n FROM charges WHERE user_id = ANY($1)', [
      [a.id, b.id],
    ]);
    await Promise.all([t.ctx.billRun.run(MONTH), t.ctx.billRun.run(MONTH)]);
    await t.ctx.billRun.run(MONTH);
    expect(
      await countRows('SELECT count(*) AS n FROM bills WHERE user_id = ANY($1) AND month = $2', [
        [a.id, b.id],
        MONTH,
      ]),
    ).toBe(2);
    expect(await countRows('SELECT count(*) AS n FROM charges WHERE user_id = ANY($1)', [[a.id, b.id]])).toBe(
      before,
    );
    const roadshow = body<BillDetail>(await get(`/bills/${(await billOf(b, MONTH))?.id}`, b)).data;
    expect(roadshow.totalCents).toBe(3500 + 5250);
    expect(roadshow.accountItems).toEqual([
      expect.objectContaining({
        kind: 'order',
        description: expect.stringMatching(/^Order BT\d+: first month and fees$/),
      }),
    ]);
  });

  it("sums each bill's summary: previous balance − payments + charges = total due", async () => {
    const jan = await billOf(b, MONTH);
    const janTotal = jan?.totalCents ?? 0;
    expect(janTotal).toBeGreaterThan(0);
    // January is paid in full after its bill was made.
    const at = new Date();
    await t.ctx.database.pool.query(
      `INSERT INTO bill_payments (bill_id, user_id, method, amount_cents, state, created_at, updated_at, settled_at)
       VALUES ($1, $2, 'card', $3, 'succeeded', $4, $4, $4)`,
      [jan?.id, b.id, janTotal, at],
    );
    await t.ctx.database.pool.query(
      `UPDATE bills SET paid_cents = total_cents, state = 'paid', paid_at = $2 WHERE id = $1`,
      [jan?.id, at],
    );
    await t.ctx.billRun.run('2025-02', Number.POSITIVE_INFINITY, [b.id]);
    const febId = (await billOf(b, '2025-02'))?.id;
    const feb = body<BillDetail>(await get(`/bills/${febId}`, b)).data;
    // What January's bill said was due, and the payment of it: not $0.00 beside a payment.
    expect(feb).toMatchObject({ previousBalanceCents: janTotal, paymentsCents: janTotal });
    expect(feb.totalDueCents).toBe(feb.totalCents);
    // February is left unpaid: March's bill opens with it and its total due counts it.
    await t.ctx.billRun.run('2025-03', Number.POSITIVE_INFINITY, [b.id]);
    const marId = (await billOf(b, '2025-03'))?.id;
    const mar = body<BillDetail>(await get(`/bills/${marId}`, b)).data;
    expect(mar).toMatchObject({ previousBalanceCents: feb.totalCents, paymentsCents: 0 });
    expect(mar.totalDueCents).toBe(feb.totalCents + mar.totalCents);
    expect(mar.totalDueCents).toBe(mar.previousBalanceCents - mar.paymentsCents + mar.totalCents);

    // Bills stored with the old figures (what earlier bills still owed after the payments since) are
    // put right by the data migration, to what the run now makes.
    await t.ctx.database.pool.query(
      `UPDATE bills SET previous_balance_cents = CASE month WHEN '2025-02' THEN 0 ELSE $2::int END
        WHERE user_id = $1 AND month IN ('2025-02', '2025-03')`,
      [b.id, feb.totalCents],
    );
    const migration = readFileSync(
      new URL('../../../drizzle/0039_bill_summary_adds_up.sql', import.meta.url),
      'utf8',
    );
    await t.ctx.database.pool.query(migration);
    for (const [id, expected] of [
      [febId, feb],
      [marId, mar],
    ] as const) {
      const now = body<BillDetail>(await get(`/bills/${id}`, b)).data;
      expect(now).toMatchObject({
        previousBalanceCents: expected.previousBalanceCents,
        paymentsCents: expected.paymentsCents,
        totalDueCents: expected.totalDueCents,
      });
    }
  });

  it('bills use recorded after its month on the next bill, only what was not billed yet', async () => {
    await t.ctx.database.transaction(async (tx) => {
      await usage(tx, lineA1, '2025-01-30', 'idd', 75);
    });
    await t.ctx.billRun.run('2025-02');
    const next = await billOf(a, '2025-02');
    const bill = body<BillDetail>(await get(`/bills/${next?.id}`, a)).data;
    const items = bill.lines.find((l) => l.lineId === lineA1)?.items ?? [];
    expect(items.map((i) => [i.description, i.amountCents])).toEqual([
      [expect.stringMatching(/^Lite/), 1000],
      ['IDD calls and SMS (January 2025, recorded late)', 75],
    ]);
    // The line activated on 20 January: February from the 20th, 9 of 28 days of $20.00.
    const two = bill.lines.find((l) => l.lineId === lineA2)?.items ?? [];
    expect(two.map((i) => [i.description, i.amountCents])).toEqual([
      [
        expect.stringMatching(/ from 20 February 2025 \(9 of 28 days\)$/),
        prorate(2000, '2025-02', firstBilledDay('2025-01-20')),
      ],
    ]);
    // The words of each, for a page to write the day and the month in its language (ADR 0055).
    expect(items.map((i) => i.words)).toEqual([
      null,
      { kind: 'late', what: 'IDD calls and SMS', month: '2025-01' },
    ]);
    expect(two[0]?.words).toEqual({
      kind: 'part',
      name: expect.stringMatching(/^[A-Z]/),
      from: '2025-02-20',
      days: 9,
      monthDays: 28,
    });
    // January's bill is still unpaid: the February bill says so.
    expect(bill.previousBalanceCents).toBe((await billOf(a, MONTH))?.totalCents);
  });

  it('emails each new bill once, with its amount and due date', async () => {
    const a1 = await billOf(a, MONTH);
    let sent = 0;
    for (
      let i = 0;
      i < 50 && (await countRows('SELECT count(*) AS n FROM bills WHERE emailed_at IS NULL', [])) > 0;
      i++
    )
      sent += await t.ctx.billing.sendBillEmails(500);
    expect(sent).toBeGreaterThan(0);
    const mail = await waitForMessage(a.email, (m) => m.subject?.includes('January 2025') === true);
    expect(mail.subject).toBe(`Your January 2025 bill: $${((a1?.totalCents ?? 0) / 100).toFixed(2)}`);
    expect(mail.text).toContain('due on 25 February 2025');
    // February's email does not let January's unpaid bill pass for paid: it says what is due in all.
    const january = formatMoney(a1?.totalCents ?? 0);
    const february = await waitForMessage(a.email, (m) => m.subject?.includes('February 2025') === true);
    expect(february.text).toContain(
      `Your earlier bills still have ${january} unpaid, which is paid on their own pages: ${formatMoney(
        (a1?.totalCents ?? 0) + ((await billOf(a, '2025-02'))?.totalCents ?? 0),
      )} is due in all.`,
    );
    expect(mail.text).not.toContain('Your earlier bills');
    await t.ctx.billing.sendBillEmails(500);
    expect(
      (await messagesFor(a.email)).filter((m) => m.subject?.includes('January 2025') === true),
    ).toHaveLength(1);
  });
});

describe('who sees a bill', () => {
  it("another customer's bill is not found, nor listed, nor its PDF", async () => {
    const bill = await billOf(a, MONTH);
    expect((await get(`/bills/${bill?.id}`, b)).statusCode).toBe(404);
    expect((await get(`/bills/${bill?.id}/pdf`, b)).statusCode).toBe(404);
    expect(body<BillList>(await get('/bills', b)).data.bills.map((x) => x.id)).not.toContain(bill?.id);
    expect((await get('/bills/not-a-bill', a)).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/bills' })).statusCode).toBe(401);
  });

  it('the PDF is a tax invoice of the bill', async () => {
    const bill = await billOf(a, MONTH);
    const res = await get(`/bills/${bill?.id}/pdf`, a);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="bill-${bill?.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('the PDF is written in the language the customer chose, else the one the portal is read in', async () => {
    // February's bill: the second line's plan from 20 February, and January's IDD recorded late.
    const bill = await billOf(a, '2025-02');
    const pdf = async (headers: Record<string, string>) =>
      text(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/bills/${bill?.id}/pdf`,
            headers: { ...a.headers, ...headers },
          })
        ).rawPayload,
      );
    // No choice yet: the portal's language (its Accept-Language), then the operator's default.
    const malay = await pdf({ 'accept-language': 'ms' });
    expect(malay).toContain('Invois Cukai');
    expect(malay).toContain('Jumlah kecil');
    const english = await pdf({});
    expect(english).toContain('Subtotal');
    expect(english).toMatch(/ from 20 February 2025 \(9 of 28 days\)/);
    const chose = await chooseLanguage(t, a.headers, 'zh');
    expect(chose.statusCode).toBe(200);
    const zh = await pdf({ 'accept-language': 'ms' });
    expect(zh).toContain('税务发票');
    expect(zh).toContain('小计');
    // The charges too, their days and months as Chinese writes them.
    expect(zh).toMatch(/，自 2025年2月20日 起（28 天中的 9 天）/);
    expect(zh).toContain('IDD 通话和短信（2025年1月，延迟记录）');
    expect(zh).not.toMatch(/Invois|Subtotal|recorded late| from 20 February/);
  });
});
