import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Erasing an account (ADR 0030), the customer profile's part (who they are, with their consents
 * and what MyInfo gave), in the caller's transaction.
 */
export const profileErasure = {
  /** What of the profile names the customer elsewhere: its contact number, and its ID number in capitals. */
  async tracesOf(db: Queryable, userId: string) {
    const { rows } = await db.query<{ number: string | null; id_number: string | null }>(
      'SELECT contact_number AS number, upper(id_number) AS id_number FROM customer_profiles WHERE user_id = $1',
      [userId],
    );
    return { numbers: rows.map((r) => r.number), names: rows.map((r) => r.id_number) };
  },

  async forget(db: Queryable, userId: string) {
    await db.query('DELETE FROM customer_profiles WHERE user_id = $1', [userId]);
  },
};
