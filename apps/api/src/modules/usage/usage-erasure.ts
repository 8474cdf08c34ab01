import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Erasing an account (ADR 0030), usage's part: where and when its lines (`lineIds`) were used; the
 * bills hold what it cost. In the caller's transaction.
 */
export const usageErasure = {
  async forget(db: Queryable, lineIds: string[]) {
    await db.query('DELETE FROM usage_records WHERE line_id = ANY($1::uuid[])', [lineIds]);
    await db.query('DELETE FROM usage_daily WHERE line_id = ANY($1::uuid[])', [lineIds]);
    await db.query('DELETE FROM usage_balances WHERE line_id = ANY($1::uuid[])', [lineIds]);
    await db.query('DELETE FROM usage_alerts WHERE line_id = ANY($1::uuid[])', [lineIds]);
  },
};
