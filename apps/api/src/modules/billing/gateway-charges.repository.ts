import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

export interface FoundCharge {
  id: string;
  attemptId: string | null;
  amountCents: number;
  chargedAt: Date;
}

/** Card charges no record of ours accounts for, kept for staff (ADR 0033). */
export const gatewayChargesRepository = {
  async keep(db: Queryable, charges: FoundCharge[], at: Date) {
    if (charges.length === 0) return;
    await db.query(
      `INSERT INTO unmatched_charges (gateway_charge_id, attempt_id, amount_cents, charged_at, found_at)
       SELECT id, attempt, amount, charged, $2
         FROM jsonb_to_recordset($1::jsonb) AS x(id text, attempt text, amount int, charged timestamptz)
       ON CONFLICT (gateway_charge_id) DO NOTHING`,
      [
        JSON.stringify(
          charges.map((c) => ({
            id: c.id,
            attempt: c.attemptId,
            amount: c.amountCents,
            charged: c.chargedAt,
          })),
        ),
        at,
      ],
    );
  },

  async open(db: Queryable, limit: number) {
    const { rows } = await db.query<{
      gateway_charge_id: string;
      attempt_id: string | null;
      amount_cents: number;
      charged_at: Date;
    }>(
      `SELECT gateway_charge_id, attempt_id, amount_cents, charged_at FROM unmatched_charges
        WHERE resolved_at IS NULL ORDER BY charged_at, gateway_charge_id LIMIT $1`,
      [limit],
    );
    return rows;
  },

  async oldestOpen(db: Queryable): Promise<Date | null> {
    const { rows } = await db.query<{ at: Date | null }>(
      'SELECT min(charged_at) AS at FROM unmatched_charges WHERE resolved_at IS NULL',
    );
    return rows[0]?.at ?? null;
  },

  async lockOpen(db: Queryable, id: string) {
    const { rows } = await db.query<{ amount_cents: number; resolved_at: Date | null }>(
      'SELECT amount_cents, resolved_at FROM unmatched_charges WHERE gateway_charge_id = $1 FOR UPDATE',
      [id],
    );
    return rows[0];
  },

  async resolve(db: Queryable, id: string, staffId: string, at: Date) {
    await db.query(
      `UPDATE unmatched_charges SET resolution = 'refunded', resolved_by = $2, resolved_at = $3
        WHERE gateway_charge_id = $1`,
      [id, staffId, at],
    );
  },
};
