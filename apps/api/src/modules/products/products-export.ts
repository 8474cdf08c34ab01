import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;
const rows = async (db: Queryable, sql: string, params: unknown[]) => (await db.query(sql, params)).rows;

/**
 * The customer's copy of their data (PDPA access), the products' part, each with its line's number.
 * A product whose end has come reads as ended, as the products pages show it.
 */
export const productsExportOf = (db: Queryable, userId: string, now: Date) =>
  rows(
    db,
    `SELECT p.product_code, s.msisdn,
            CASE WHEN p.state IN ('active', 'ending') AND p.ends_at <= $2 THEN 'ended' ELSE p.state END AS state,
            p.price_cents, p.starts_at, p.ends_at FROM line_products p
      JOIN line_numbers s ON s.id = p.line_id WHERE p.user_id = $1 ORDER BY p.created_at`,
    [userId, now],
  );
