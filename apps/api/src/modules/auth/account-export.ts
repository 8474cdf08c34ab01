import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;
const rows = async (db: Queryable, sql: string, params: unknown[]) => (await db.query(sql, params)).rows;

/** The customer's copy of their data (PDPA access), auth's part: the login. */
export const accountExportOf = async (db: Queryable, userId: string) =>
  (
    await rows(
      db,
      `SELECT email, phone_number, first_name, last_name, status, language, email_verified_at, created_at FROM users WHERE id = $1`,
      [userId],
    )
  )[0] ?? null;
