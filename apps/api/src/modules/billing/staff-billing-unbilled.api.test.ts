import { randomInt } from 'node:crypto';
import type { StaffBilling } from '@selfcare/domain/contracts/staff-billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { signedInStaff, staffRequests } from '../../test/staff.ts';

/** The console's "Not billed yet": everything the next bill will take, not only the one-time fees. */
let t: TestApp;
let agent: Awaited<ReturnType<typeof signedInStaff>>;
const { get: staffGet } = staffRequests(() => t);

beforeAll(async () => {
  t = await createTestApp();
  agent = await signedInStaff(t, 'agent');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

/** A line live for months with a monthly add-on, and an admin fee waiting in the ledger. */
async function customerWithLine() {
  const c = await signedInCustomer(t, { status: 2, activated: true });
  const since = new Date(t.ctx.clock.now().getTime() - 90 * 86_400_000);
  const msisdn = `8${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
  await t.ctx.database.transaction(async (tx) => {
    const q = tx.client;
    const { rows: orders } = await q.query<{ id: string }>(
      `INSERT INTO orders (order_number, user_id, status, roadshow, type_sim, delivery_method, billing_address,
         profile, quote, total_cents, due_now_cents, paid_at, created_at, updated_at)
       VALUES ($1, $2, 'Completed', false, 0, 0, '{}', '{}', '{}', 0, 0, $3, $3, $3) RETURNING id`,
      [`BU${randomInt(0, 1e9)}`, c.id, since],
    );
    const orderId = orders[0]?.id;
    const { rows: lines } = await q.query<{ id: string }>(
      `INSERT INTO order_lines (order_id, position, plan_code, addon_codes, number_type, msisdn)
       VALUES ($1, 0, 'LITE-10', '{}', 'NORMAL', $2) RETURNING id`,
      [orderId, msisdn],
    );
    const { rows: subs } = await q.query<{ id: string }>(
      `INSERT INTO subscriptions (user_id, order_id, order_line_id, msisdn, type_sim, plan_code, is_main_line,
         state, requested_at, activated_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 0, 'LITE-10', true, 'active', $5, $5, $5, $5) RETURNING id`,
      [c.id, orderId, lines[0]?.id, msisdn, since],
    );
    await q.query(
      `INSERT INTO line_products (user_id, line_id, line_ids, product_code, kind, state, recurrence, price_cents,
         source, starts_at, billed_from, changed_at, created_at, updated_at)
       VALUES ($1, $2, ARRAY[$2::uuid], 'VOICEMAIL', 'addon', 'active', 'monthly', 200, 'portal', $3,
               ($3 AT TIME ZONE 'Asia/Singapore')::date, $3, $3, $3)`,
      [c.id, subs[0]?.id, since],
    );
    await q.query(
      `INSERT INTO charges (user_id, kind, amount_cents, reason, created_at) VALUES ($1, 'admin-fee', 1300, 'Admin fee', $2)`,
      [c.id, t.ctx.clock.now()],
    );
  });
  return { ...c, msisdn };
}

describe('charges not billed yet in the staff console', () => {
  it("lists the month's plan and monthly add-on the next bill will charge beside the one-time fees, and makes none of them", async () => {
    const c = await customerWithLine();
    const res = await staffGet(`/customers/${c.id}/billing`, agent.headers);
    expect(res.statusCode, res.body).toBe(200);
    const { unbilled } = body<StaffBilling>(res).data;
    // The line's number (lines keep it, ADR 0045) beside what is charged for it; none for the account's fee.
    expect(unbilled.map((u) => [u.kind, u.atBillRun, u.msisdn]).sort()).toEqual([
      ['admin-fee', false, null],
      ['plan', true, c.msisdn],
      ['product', true, c.msisdn],
    ]);
    expect(unbilled.every((u) => u.amountCents > 0)).toBe(true);
    // Shown, not made: the ledger still holds only the admin fee until the bill run.
    const { rows } = await t.ctx.database.pool.query(`SELECT kind FROM charges WHERE user_id = $1`, [c.id]);
    expect(rows.map((r) => r.kind)).toEqual(['admin-fee']);
  });
});
