import { randomInt } from 'node:crypto';
import { billPeriod, firstBilledDay, nextMonth, prorate } from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { insertLineSince } from '../../test/products.ts';
import { planCharges } from '../products/index.ts';
import { billRunRepository } from './bill-run.repository.ts';

/**
 * The bill run charges plans with its own set-based SQL (products' part of it, ADR 0045); the domain's `firstBilledDay` and `prorate`
 * are what the customer is told and what the other tests expect. This file runs the run's statement
 * over generated prices, activation moments, months, endings and plan changes, and checks that each
 * charge it makes is the domain's sum. Every case is rolled back, so the database is left as found.
 */
let t: TestApp;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  userId = (await signedInCustomer(t, { status: 2, activated: true })).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(day) + n * DAY).toISOString().slice(0, 10);
const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);
const monthsAfter = (month: string, n: number): string =>
  n === 0 ? month : monthsAfter(nextMonth(month), n - 1);

/** A line as the run finds it: its plan's price, when it went live and ended, and a plan change. */
const lineCase = fc
  .record({
    // Any moment from 2023 to 2026: Singapore's day differs from UTC's for eight hours of each.
    activatedMs: fc.integer({ min: Date.UTC(2023, 0, 1), max: Date.UTC(2026, 11, 31) }),
    // The month billed: the one it went live in (nothing: the order paid it) to a few after.
    monthsLater: fc.integer({ min: 0, max: 3 }),
    priceCents: fc.integer({ min: 0, max: 30_000 }),
    endedAfterMs: fc.option(fc.integer({ min: 0, max: 120 * DAY }), { nil: null }),
    change: fc.option(
      fc.record({ toPriceCents: fc.integer({ min: 0, max: 30_000 }), day: fc.integer({ min: 2, max: 31 }) }),
      { nil: null },
    ),
  })
  .map((c) => {
    const activatedAt = new Date(c.activatedMs);
    const month = monthsAfter(sgDate(activatedAt).slice(0, 7), c.monthsLater);
    const { end } = billPeriod(month);
    const endedAt = c.endedAfterMs === null ? null : new Date(c.activatedMs + c.endedAfterMs);
    // A change applied from a day of the month after the 1st (one on the 1st leaves it on one plan).
    const change = c.change && {
      toPriceCents: c.change.toPriceCents,
      on: earlier(`${month}-${String(c.change.day).padStart(2, '0')}`, end),
    };
    return { ...c, activatedAt, month, endedAt, change };
  });
type LineCase = typeof lineCase extends fc.Arbitrary<infer T> ? T : never;

/**
 * The domain's charges for the case, by the day each part is billed from: the order paid the first
 * month (`firstBilledDay`), a line that ended is charged to the day before, and a change splits the
 * month at its day; each part `prorate`d. Parts of no days are no charge.
 */
function expected(c: LineCase): Map<string, number> {
  const { start, end } = billPeriod(c.month);
  const first = firstBilledDay(sgDate(c.activatedAt));
  const last = c.endedAt ? earlier(addDays(sgDate(c.endedAt), -1), end) : end;
  const parts = c.change
    ? [
        { starts: start, ends: addDays(c.change.on, -1), price: c.priceCents },
        { starts: c.change.on, ends: end, price: c.change.toPriceCents },
      ]
    : [{ starts: start, ends: end, price: c.priceCents }];
  const charges = new Map<string, number>();
  for (const part of parts) {
    const from = later(part.starts, first);
    const until = earlier(part.ends, last);
    if (from <= until) charges.set(part.starts, prorate(part.price, c.month, from, until));
  }
  return charges;
}

/** The run's charges for the case, made in a transaction that is rolled back. */
async function charged(c: LineCase): Promise<Map<string, number>> {
  const client = await t.ctx.database.pool.connect();
  try {
    await client.query('BEGIN');
    const now = new Date();
    const tag = randomInt(0, 1e9);
    const plan = async (code: string, cents: number) =>
      client.query(
        `INSERT INTO plans (code, name, plan_group, monthly_cents, description, created_at, updated_at)
         VALUES ($1, $1, 'consumer', $2, 'A plan of the property test', $3, $3)`,
        [code, cents, now],
      );
    const from = `PROP-${tag}-A`;
    const to = `PROP-${tag}-B`;
    await plan(from, c.priceCents);
    if (c.change) await plan(to, c.change.toPriceCents);
    const lineId = await insertLineSince(client, userId, c.activatedAt, {
      orderPlan: from,
      plan: c.change ? to : from,
      state: c.endedAt ? 'terminated' : 'active',
      terminatedAt: c.endedAt,
    });
    if (c.change)
      await client.query(
        `INSERT INTO plan_changes (user_id, line_id, from_plan, to_plan, effective_on, state, created_at, applied_at)
         VALUES ($1, $2, $3, $4, $5, 'applied', $6, $6)`,
        [userId, lineId, from, to, c.change.on, now],
      );
    await billRunRepository.charge(client, planCharges, t.ctx.billRun.monthOf(c.month), [userId], now);
    const { rows } = await client.query<{ source_key: string; amount_cents: number }>(
      `SELECT source_key, amount_cents FROM charges WHERE line_id = $1 AND kind = 'plan'`,
      [lineId],
    );
    // 'plan:<line>:<month>' for the part from the 1st, with ':<day>' for the part a change starts.
    const { start } = billPeriod(c.month);
    return new Map(rows.map((r) => [r.source_key.split(':')[3] ?? start, r.amount_cents]));
  } finally {
    await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
}

describe("the bill run's plan charges and the domain's rules", () => {
  it('charge what firstBilledDay and prorate say, for any price, activation, month, ending and plan change', async () => {
    await fc.assert(
      fc.asyncProperty(lineCase, async (c) => {
        expect(await charged(c)).toEqual(expected(c));
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
