import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Blanks what the tax years kept of closed accounts (KEPT_AFTER_ERASURE's `tax` columns) once
 * those years are over: a bill item's words become its kind (its parts go), and a waiver's reason goes. A charge
 * is as old as its bill's issue day, or its own day when no bill took it. The rows stay, as
 * amounts naming no one. `userIds` are the closed accounts (the users module knows which). Returns
 * how many charges it changed.
 */
export async function forgetTaxRecordsOf(
  db: Queryable,
  userIds: string[],
  keptFrom: string,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const { rowCount } = await db.query(
    `UPDATE charges c SET reason = c.kind, words = NULL, waive_reason = NULL
      WHERE c.user_id = ANY($2::uuid[])
        AND (c.reason <> c.kind OR c.words IS NOT NULL OR c.waive_reason IS NOT NULL)
        AND coalesce((SELECT b.issued_on FROM bills b WHERE b.id = c.bill_id),
                     (c.created_at AT TIME ZONE 'Asia/Singapore')::date) < $1::date`,
    [keptFrom, userIds],
  );
  return rowCount ?? 0;
}
