import { randomUUID } from 'node:crypto';
import { sgDate } from '@selfcare/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { taxRecordsKeptFrom } from './kept-after-erasure.ts';
import { forgetTaxRecordsJob } from './users.jobs.ts';

/**
 * What a closed account keeps for the tax years (docs/data-map.md) goes once they are over: five
 * years after the end of the year its bill was issued in.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) =>
  (await t.ctx.database.pool.query(sql, params)).rows as T[];

/** A charge (waived when `waiveReason` is given), on the bill `billId` or on none yet. */
async function charge(
  userId: string,
  at: Date,
  reason: string,
  waiveReason: string | null,
  billId: string | null,
) {
  const [row] = await q<{ id: string }>(
    `INSERT INTO charges (user_id, kind, amount_cents, reason, created_at, waived_at, waive_reason, bill_id, billed_at)
     VALUES ($1, 'sim-replacement', 1850, $2, $3::timestamptz, CASE WHEN $4::text IS NULL THEN NULL ELSE $3::timestamptz END, $4, $5,
             CASE WHEN $5::uuid IS NULL THEN NULL ELSE $3::timestamptz END)
     RETURNING id`,
    [userId, reason, at, waiveReason, billId],
  );
  return row?.id as string;
}

/** A bill of nothing to pay, issued on `day`, for the month before it. */
async function billIssuedOn(userId: string, day: string) {
  const month = `${Number(day.slice(0, 4)) - 1}-12`;
  const [row] = await q<{ id: string }>(
    `INSERT INTO bills (user_id, number, month, period_start, period_end, issued_on, due_on, total_cents, gst_percent,
       gst_cents, previous_balance_cents, payments_cents, state, created_at)
     VALUES ($1, $2, $3, $4::date, $5::date, $6::date, $6::date, 0, 9, 0, 0, 0, 'paid', $6::date) RETURNING id`,
    [userId, `T${randomUUID()}`, month, `${month}-01`, `${month}-31`, day],
  );
  return row?.id as string;
}

const wordsOf = async (id: string) =>
  (await q('SELECT reason, waive_reason FROM charges WHERE id = $1', [id]))[0];

describe('the tax years of a closed account', () => {
  it('keep its bill items as invoiced until five years after the end of their year, then blank them', async () => {
    const closed = await signedInCustomer(t, { status: 2, activated: true });
    const open = await signedInCustomer(t, { status: 2, activated: true });
    await q(
      `INSERT INTO account_deletion_requests (user_id, state, requested_at, completed_at)
       VALUES ($1, 'completed', now(), now())`,
      [closed.id],
    );
    const keptFrom = taxRecordsKeptFrom(sgDate(t.ctx.clock.now()));
    const lastDayOut = sgDate(new Date(Date.parse(`${keptFrom}T12:00:00+08:00`) - 24 * 3600 * 1000));
    const at = (day: string) => new Date(`${day}T12:00:00+08:00`);
    const number = 'SIM replacement for 81234567';
    // Made in March 2019 and billed by the bill run on the bill it issues in April 2019.
    const billed = await charge(closed.id, at('2019-03-10'), number, null, null);
    await t.ctx.billRun.run('2019-03', Number.POSITIVE_INFINITY, [closed.id]);
    // Waived on bills issued on the last day out of the years, and on the first day within them.
    const out = await billIssuedOn(closed.id, lastDayOut);
    const waivedOut = await charge(closed.id, at(lastDayOut), number, 'Asked by Mei Ling', out);
    const within = await billIssuedOn(closed.id, keptFrom);
    const waivedIn = await charge(closed.id, at(keptFrom), number, 'Asked by Mei Ling', within);
    const notClosed = await charge(open.id, at('2019-03-10'), 'SIM replacement for 81234568', null, null);
    expect((await q('SELECT bill_id FROM charges WHERE id = $1', [billed]))[0]?.bill_id).not.toBeNull();

    expect(await t.ctx.accountDeletion.forgetTaxRecords()).toBeGreaterThanOrEqual(2);

    expect(await wordsOf(billed)).toEqual({ reason: 'sim-replacement', waive_reason: null });
    expect(await wordsOf(waivedOut)).toEqual({ reason: 'sim-replacement', waive_reason: null });
    expect(await wordsOf(waivedIn)).toEqual({
      reason: 'SIM replacement for 81234567',
      waive_reason: 'Asked by Mei Ling',
    });
    expect(await wordsOf(notClosed)).toEqual({ reason: 'SIM replacement for 81234568', waive_reason: null });
    // The amounts stay, naming no one.
    expect(await q('SELECT amount_cents FROM charges WHERE id = $1', [billed])).toEqual([
      { amount_cents: 1850 },
    ]);
    // The worker runs it every night.
    expect(await q('SELECT cron FROM pgboss.schedule WHERE name = $1', [forgetTaxRecordsJob.name])).toEqual([
      { cron: '30 4 * * *' },
    ]);
  });
});
