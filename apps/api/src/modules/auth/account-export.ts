import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;
const rows = async (db: Queryable, sql: string, params: unknown[]) => (await db.query(sql, params)).rows;

/** The customer's copy of their data (PDPA access), auth's part: the login and its passkeys. */
export async function accountExportOf(db: Queryable, userId: string) {
  const [login] = await rows(
    db,
    `SELECT email, phone_number, first_name, last_name, status, language, email_verified_at, created_at FROM users WHERE id = $1`,
    [userId],
  );
  if (!login) return null;
  const passkeys = await rows(
    db,
    `SELECT name, backed_up, created_at, last_used_at FROM passkeys WHERE user_id = $1 ORDER BY created_at`,
    [userId],
  );
  return { ...login, passkeys };
}
