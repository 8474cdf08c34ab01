import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** The record of money outside our walls that a reader reads by cursor (ADR 0033). */
export type ReconciledSource = 'bank' | 'gateway';

/**
 * Where reading each outside record of money has got to: moved only in the transaction that applied
 * what it covers, so a crash reads the same page again (which changes nothing).
 */
export const reconciliationCursors = {
  async get(db: Queryable, source: ReconciledSource): Promise<string | null> {
    const { rows } = await db.query<{ cursor: string }>(
      'SELECT cursor FROM reconciliation_cursors WHERE source = $1',
      [source],
    );
    return rows[0]?.cursor ?? null;
  },

  /** Moves the cursor from `from` to `to`; false when another reader moved it first. */
  async move(db: Queryable, source: ReconciledSource, from: string | null, to: string, at: Date) {
    const { rowCount } =
      from === null
        ? await db.query(
            `INSERT INTO reconciliation_cursors (source, cursor, updated_at) VALUES ($1, $2, $3)
             ON CONFLICT (source) DO NOTHING`,
            [source, to, at],
          )
        : await db.query(
            'UPDATE reconciliation_cursors SET cursor = $3, updated_at = $4 WHERE source = $1 AND cursor = $2',
            [source, from, to, at],
          );
    return rowCount === 1;
  },
};
