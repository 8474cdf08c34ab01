import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Blanks what the tax years kept of closed accounts (KEPT_AFTER_ERASURE's `tax` columns) once
 * those years are over: a bill item's words become its kind, and a waiver's reason goes. A charge
 * is as old as its bill's issue day, or its own day when no bill took it. The rows stay, as
 * amounts naming no one. Returns how many charges it changed.
 */
export async function forgetTaxRecords(db: Queryable, keptFrom: string): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE charges c SET reason = c.kind, waive_reason = NULL
       FROM account_deletion_requests r
      WHERE r.state = 'completed' AND c.user_id = r.user_id
        AND (c.reason <> c.kind OR c.waive_reason IS NOT NULL)
        AND coalesce((SELECT b.issued_on FROM bills b WHERE b.id = c.bill_id),
                     (c.created_at AT TIME ZONE 'Asia/Singapore')::date) < $1::date`,
    [keptFrom],
  );
  return rowCount ?? 0;
}
