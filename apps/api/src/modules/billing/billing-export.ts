import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;
const rows = async (db: Queryable, sql: string, params: unknown[]) => (await db.query(sql, params)).rows;

/** The customer's copy of their data (PDPA access), billing's part: bills, charges and payments. */
export async function billingExportOf(db: Queryable, userId: string) {
  const [bills, charges, payments] = await Promise.all([
    rows(
      db,
      `SELECT number, month, issued_on, due_on, total_cents, gst_cents, paid_cents, state FROM bills
        WHERE user_id = $1 ORDER BY month`,
      [userId],
    ),
    rows(
      db,
      `SELECT kind, period, amount_cents, reason, created_at, waived_at FROM charges WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    ),
    rows(
      db,
      `SELECT method, amount_cents, state, created_at, settled_at FROM bill_payments WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    ),
  ]);
  return { bills, charges, payments };
}
