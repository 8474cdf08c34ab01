import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { E2E_DATABASE_URL } from '../playwright.config.ts';
import { registeredCustomer } from './support.ts';

/**
 * An active customer of the bills tests, one per test: registered through the API, then given what
 * an account has after a few months (a card saved at the gateway, a paid bill and a due one) in the
 * server's database, as the bill run writes them. The demo customers' bills are shared by every test
 * and both widths; a payment would take one test's due bill from the next.
 */
export async function billedCustomer(request: APIRequestContext) {
  const c = await registeredCustomer(request);
  const pool = new pg.Pool({ connectionString: E2E_DATABASE_URL, max: 1 });
  try {
    const { rows } = await pool.query<{ id: string }>(
      `UPDATE users SET status = 2, activated = true WHERE email = $1 RETURNING id`,
      [c.email],
    );
    const userId = rows[0]?.id as string;
    await pool.query(
      `INSERT INTO payment_methods (user_id, gateway_token, brand, funding, last4, exp_month, exp_year, holder_name, created_at)
       VALUES ($1, $2, 'visa', 'credit', '4242', 12, 2031, 'Mei Ling Tan', now())`,
      [userId, `demo-card-${randomUUID()}`],
    );
    // The due bill's date is a week ahead, whatever today is: the worker's hourly card deduction
    // (from the 25th) would otherwise pay it before the customer does.
    const weekAhead = new Date(Date.now() + 8 * 3600_000 + 7 * 86_400_000).toISOString().slice(0, 10);
    const bill = async (month: string, cents: number, paid: boolean, previous = 0) => {
      const [y, m] = month.split('-').map(Number) as [number, number];
      const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
      const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
      const number = `B${month.replace('-', '')}${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
      const { rows: made } = await pool.query<{ id: string }>(
        `INSERT INTO bills (user_id, number, month, period_start, period_end, issued_on, due_on, total_cents,
           gst_percent, gst_cents, previous_balance_cents, payments_cents, paid_cents, state, paid_at, created_at, emailed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 9, round($8 * 9 / 109.0), $12, $12, $9, $10, $11, now(), now())
         RETURNING id`,
        [
          userId,
          number,
          month,
          `${month}-01`,
          `${month}-${last}`,
          `${next}-01`,
          paid ? `${next}-25` : weekAhead,
          cents,
          paid ? cents : 0,
          paid ? 'paid' : 'due',
          paid ? new Date(`${next}-25T09:00:00+08:00`) : null,
          previous,
        ],
      );
      await pool.query(
        `INSERT INTO charges (user_id, kind, period, amount_cents, reason, created_at, bill_id, billed_at)
         VALUES ($1, 'plan', $2, $3, 'Value 20', now(), $4, now()), ($1, 'usage-idd', $2, $5, 'IDD calls and SMS', now(), $4, now())`,
        [userId, month, cents - 315, made[0]?.id, 315],
      );
      return { id: made[0]?.id as string, number, cents };
    };
    const now = new Date(Date.now() + 8 * 3600_000);
    const ym = (back: number) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
      return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    const older = await bill(ym(2), 2315, true);
    // As the run makes it: the older bill's amount was due, and paid since.
    const due = await bill(ym(1), 2630, false, 2315);
    return { ...c, userId, older, due, dueMonth: ym(1), olderMonth: ym(2) };
  } finally {
    await pool.end();
  }
}
