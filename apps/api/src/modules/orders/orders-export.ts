import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;
const rows = async (db: Queryable, sql: string, params: unknown[]) => (await db.query(sql, params)).rows;

/**
 * The customer's copy of their data (PDPA access), ordering's part: the profile with its consents,
 * the saved cards (never the gateway's token) and the orders.
 */
export async function ordersExportOf(db: Queryable, userId: string) {
  const [profile, cards, orders] = await Promise.all([
    rows(
      db,
      `SELECT salutation, given_name, family_name, full_name, date_of_birth, contact_number, id_type, id_number,
              id_issue_date, id_expiry_date, pass_type, pass_status, pass_expiry, employer, marketing,
              myinfo_verified, created_at, updated_at FROM customer_profiles WHERE user_id = $1`,
      [userId],
    ),
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
  return { profile: profile[0] ?? null, cards, orders };
}
