import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;
const rows = async (db: Queryable, sql: string, params: unknown[]) => (await db.query(sql, params)).rows;

/**
 * The customer's copy of their data (PDPA access), ordering's part: the saved cards (never the
 * gateway's token) and the orders. The profile is the profiles module's part.
 */
export async function ordersExportOf(db: Queryable, userId: string) {
  const [cards, orders] = await Promise.all([
    rows(
      db,
      `SELECT holder_name, brand, funding, last4, exp_month, exp_year, created_at FROM payment_methods WHERE user_id = $1`,
      [userId],
    ),
    rows(
      db,
      `SELECT order_number, status, type_sim, delivery_method, total_cents, created_at, paid_at FROM orders
        WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    ),
  ]);
  return { cards, orders };
}
