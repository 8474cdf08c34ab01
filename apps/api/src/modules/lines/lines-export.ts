import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;
const rows = async (db: Queryable, sql: string, params: unknown[]) => (await db.query(sql, params)).rows;

/** The customer's copy of their data (PDPA access), the lines' part. */
export const linesExportOf = (db: Queryable, userId: string) =>
  rows(
    db,
    `SELECT msisdn, plan_code, type_sim, state, is_main_line, requested_at, activated_at FROM subscriptions
      WHERE user_id = $1 ORDER BY created_at`,
    [userId],
  );
