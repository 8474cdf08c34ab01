import type pg from 'pg';
import { forgetTaxRecordsOf } from '../billing/index.ts';

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Blanks what the tax years kept of closed accounts once those years are over (billing's
 * `forgetTaxRecordsOf`, given the accounts whose closing completed). Returns how many charges it
 * changed.
 */
export async function forgetTaxRecords(db: Queryable, keptFrom: string): Promise<number> {
  const { rows } = await db.query<{ user_id: string }>(
    `SELECT user_id FROM account_deletion_requests WHERE state = 'completed'`,
  );
  return forgetTaxRecordsOf(
    db,
    rows.map((r) => r.user_id),
    keptFrom,
  );
}
