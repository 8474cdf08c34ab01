import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

export interface UnmatchedRow {
  bank_credit_id: string;
  reference: string;
  amount_cents: number;
  settled_at: Date;
  reason: 'unknown-reference' | 'bill-paid' | 'not-sgd';
  bill_id: string | null;
  bill_number: string | null;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

/** The payments nothing matched, as staff work them (ADR 0033). */
export const unmatchedCreditsRepository = {
  /** The open ones, oldest credit first, with the bill and customer a reference named. */
  async open(db: Queryable, limit: number): Promise<UnmatchedRow[]> {
    const { rows } = await db.query<UnmatchedRow>(
      `SELECT c.bank_credit_id, c.reference, c.amount_cents, c.settled_at, c.reason, c.bill_id,
              b.number AS bill_number, u.id AS user_id, u.first_name, u.last_name, u.email
         FROM unmatched_credits c
         LEFT JOIN bills b ON b.id = c.bill_id
         LEFT JOIN customer_contacts u ON u.id = b.user_id
        WHERE c.resolved_at IS NULL
        ORDER BY c.settled_at, c.bank_credit_id
        LIMIT $1`,
      [limit],
    );
    return rows;
  },

  async oldestOpen(db: Queryable): Promise<Date | null> {
    const { rows } = await db.query<{ at: Date | null }>(
      'SELECT min(settled_at) AS at FROM unmatched_credits WHERE resolved_at IS NULL',
    );
    return rows[0]?.at ?? null;
  },

  /** The open one, locked while a supervisor resolves it: two cannot both resolve it. */
  async lockOpen(db: Queryable, id: string) {
    const { rows } = await db.query<{
      bank_credit_id: string;
      amount_cents: number;
      resolved_at: Date | null;
    }>(
      'SELECT bank_credit_id, amount_cents, resolved_at FROM unmatched_credits WHERE bank_credit_id = $1 FOR UPDATE',
      [id],
    );
    return rows[0];
  },

  async resolve(
    db: Queryable,
    id: string,
    r: { resolution: 'applied' | 'returned'; billId: string | null; staffId: string; at: Date },
  ) {
    await db.query(
      `UPDATE unmatched_credits SET resolution = $2, matched_bill_id = $3, resolved_by = $4, resolved_at = $5
        WHERE bank_credit_id = $1`,
      [id, r.resolution, r.billId, r.staffId, r.at],
    );
  },
};
