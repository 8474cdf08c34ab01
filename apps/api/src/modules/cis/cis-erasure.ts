import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** Erasing an account (ADR 0030), CIS's part, in the caller's transaction. */
export const cisErasure = {
  /** The work addresses its checks were sent to, in lower case (null where none). */
  async addressesOf(db: Queryable, userId: string): Promise<(string | null)[]> {
    const { rows } = await db.query<{ v: string | null }>(
      'SELECT DISTINCT lower(email) AS v FROM cis_checks WHERE user_id = $1',
      [userId],
    );
    return rows.map((r) => r.v);
  },

  /** The checks of its work addresses. */
  async forget(db: Queryable, userId: string) {
    await db.query('DELETE FROM cis_checks WHERE user_id = $1', [userId]);
  },
};
