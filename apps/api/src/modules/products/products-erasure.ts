import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** Erasing an account (ADR 0030), the products' part, in the caller's transaction. */
export const productsErasure = {
  /** A purchase's receipt named the card it was paid with (brand and last four). */
  async forgetCards(db: Queryable, userId: string) {
    await db.query('UPDATE line_products SET card = NULL WHERE user_id = $1 AND card IS NOT NULL', [userId]);
  },

  /** Where and when the lines (`lineIds`) roamed: the bills hold what it cost. */
  async forgetRoamingOf(db: Queryable, lineIds: string[]) {
    await db.query('DELETE FROM roaming_cap_alerts WHERE line_id = ANY($1::uuid[])', [lineIds]);
  },
};
