import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** The customer's copy of their data (PDPA access), the profile's part: who they are and their consents. */
export async function profileExportOf(db: Queryable, userId: string) {
  const { rows } = await db.query(
    `SELECT salutation, given_name, family_name, full_name, date_of_birth, contact_number, id_type, id_number,
            id_issue_date, id_expiry_date, pass_type, pass_status, pass_expiry, employer, marketing,
            myinfo_verified, created_at, updated_at FROM customer_profiles WHERE user_id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}
