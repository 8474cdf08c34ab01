import type { BillPaymentMethod, BillPaymentState, BillState } from '@selfcare/domain';
import type { ChargeWords } from '@selfcare/domain/contracts/bills';
import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

export interface StaffChargeRow {
  id: string;
  bill_id: string | null;
  kind: string;
  reason: string;
  amount_cents: number;
  /** The line it is for; lines name it (ADR 0045). */
  line_id: string | null;
  created_at: Date;
  waived_at: Date | null;
  waived_by_name: string | null;
  waive_reason: string | null;
}

/** What the staff console reads and changes of a customer's billing. */
export const staffBillingRepository = {
  async customer(db: Queryable, userId: string) {
    const { rows } = await db.query<{
      id: string;
      first_name: string;
      last_name: string;
      email: string | null;
    }>(`SELECT id, first_name, last_name, email FROM customer_contacts WHERE id = $1`, [userId]);
    return rows[0];
  },

  async bills(db: Queryable, userId: string) {
    const { rows } = await db.query<{
      id: string;
      number: string;
      month: string;
      issued_on: string;
      due_on: string;
      total_cents: number;
      gst_cents: number;
      paid_cents: number;
      state: BillState;
      emailed_at: Date | null;
      charging: boolean;
    }>(
      `SELECT b.id, b.number, b.month, to_char(b.issued_on, 'YYYY-MM-DD') AS issued_on,
              to_char(b.due_on, 'YYYY-MM-DD') AS due_on, b.total_cents, b.gst_cents, b.paid_cents, b.state,
              b.emailed_at,
              EXISTS (SELECT 1 FROM bill_payments p WHERE p.bill_id = b.id AND p.state = 'pending'
                        AND p.method IN ('card', 'deduction')) AS charging
         FROM bills b WHERE b.user_id = $1 ORDER BY b.month DESC LIMIT 24`,
      [userId],
    );
    return rows;
  },

  /** The customer's charges on those bills and not billed yet, in one read. */
  async charges(db: Queryable, userId: string, billIds: string[]) {
    const { rows } = await db.query<StaffChargeRow>(
      `SELECT c.id, c.bill_id, c.kind, c.reason, c.amount_cents, c.line_id, c.created_at, c.waived_at,
              st.name AS waived_by_name, c.waive_reason
         FROM charges c
         LEFT JOIN staff_names st ON st.id = c.waived_by
        WHERE c.user_id = $1 AND (c.bill_id IS NULL OR c.bill_id = ANY($2::uuid[]))
        ORDER BY c.created_at, c.id`,
      [userId, billIds],
    );
    return rows;
  },

  async payments(db: Queryable, billIds: string[]) {
    const { rows } = await db.query<{
      id: string;
      bill_id: string;
      method: BillPaymentMethod;
      attempt: number;
      amount_cents: number;
      state: BillPaymentState;
      failure_code: string | null;
      created_at: Date;
      settled_at: Date | null;
    }>(
      `SELECT id, bill_id, method, attempt, amount_cents, state, failure_code, created_at, settled_at
         FROM bill_payments WHERE bill_id = ANY($1::uuid[]) ORDER BY created_at`,
      [billIds],
    );
    return rows;
  },

  /** The bill, locked, with whether a payment is on its way. */
  async lockBill(db: Queryable, billId: string) {
    const { rows } = await db.query<{
      state: BillState;
      paid_cents: number;
      paying: boolean;
    }>(
      `SELECT b.state, b.paid_cents,
              EXISTS (SELECT 1 FROM bill_payments p WHERE p.bill_id = b.id AND p.state = 'pending') AS paying
         FROM bills b WHERE b.id = $1 FOR UPDATE OF b`,
      [billId],
    );
    return rows[0];
  },

  /** The charge, locked for a waiver or a credit for it, with its bill's number. */
  async lockCharge(db: Queryable, chargeId: string) {
    const { rows } = await db.query<{
      id: string;
      user_id: string;
      line_id: string | null;
      bill_id: string | null;
      amount_cents: number;
      reason: string;
      words: ChargeWords | null;
      waived_at: Date | null;
      bill_state: BillState | null;
      bill_number: string | null;
    }>(
      `SELECT c.id, c.user_id, c.line_id, c.bill_id, c.amount_cents, c.reason, c.words, c.waived_at, b.state AS bill_state, b.number AS bill_number
         FROM charges c LEFT JOIN bills b ON b.id = c.bill_id
        WHERE c.id = $1
        FOR UPDATE OF c`,
      [chargeId],
    );
    return rows[0];
  },

  /** A credit staff gave before, by its source key (`staffCreditKey`): a second submit finds the first. */
  async creditByKey(db: Queryable, sourceKey: string) {
    const { rows } = await db.query<{ id: string; user_id: string; amount_cents: number }>(
      `SELECT id, user_id, amount_cents FROM charges WHERE source_key = $1`,
      [sourceKey],
    );
    return rows[0];
  },

  /** What staff credited for a charge so far, in cents (positive): their keys name it. */
  async creditedFor(db: Queryable, userId: string, chargeId: string) {
    const { rows } = await db.query<{ cents: number }>(
      `SELECT coalesce(-sum(amount_cents), 0)::int AS cents FROM charges
        WHERE user_id = $1 AND kind = 'credit' AND source_key LIKE $2`,
      [userId, `staff-credit:${chargeId}:%`],
    );
    return rows[0]?.cents ?? 0;
  },

  /** Writes the credit (a negative charge) unless its key was written before; answers its id when it did. */
  async addCredit(
    db: Queryable,
    c: {
      userId: string;
      lineId: string | null;
      amountCents: number;
      reason: string;
      words: ChargeWords | null;
      sourceKey: string;
      at: Date;
    },
  ) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO charges (user_id, line_id, kind, amount_cents, reason, words, source_key, created_at)
       VALUES ($1, $2, 'credit', $3, $4, $5, $6, $7)
       ON CONFLICT DO NOTHING RETURNING id`,
      [c.userId, c.lineId, -c.amountCents, c.reason, c.words && JSON.stringify(c.words), c.sourceKey, c.at],
    );
    return rows[0]?.id;
  },

  async waive(db: Queryable, chargeId: string, staffId: string, reason: string, at: Date) {
    await db.query(`UPDATE charges SET waived_at = $2, waived_by = $3, waive_reason = $4 WHERE id = $1`, [
      chargeId,
      at,
      staffId,
      reason,
    ]);
  },

  /**
   * An issued bill's total and GST summed again from its charges after a waiver, and Paid if nothing
   * is left to pay. It is marked revised, and keeps its total as first issued (ADR 0039).
   */
  async revise(db: Queryable, billId: string, at: Date) {
    const { rows } = await db.query<{
      user_id: string;
      number: string;
      month: string;
      total_cents: number;
      paid_cents: number;
      issued_total_cents: number;
    }>(
      `UPDATE bills b
          SET total_cents = t.total,
              gst_cents = CASE WHEN t.total > 0 THEN round(t.total * b.gst_percent / (100 + b.gst_percent))::int ELSE 0 END,
              state = CASE WHEN b.paid_cents >= t.total THEN 'paid' ELSE b.state END,
              paid_at = CASE WHEN b.paid_cents >= t.total THEN coalesce(b.paid_at, $2) ELSE b.paid_at END,
              revised_at = $2,
              issued_total_cents = coalesce(b.issued_total_cents, b.total_cents)
         FROM (SELECT coalesce(sum(amount_cents) FILTER (WHERE waived_at IS NULL), 0)::int AS total
                 FROM charges WHERE bill_id = $1) t
        WHERE b.id = $1
        RETURNING b.user_id, b.number, b.month, b.total_cents, b.paid_cents, b.issued_total_cents`,
      [billId, at],
    );
    return rows[0];
  },

  /** Makes the bill's email due again: the bill emailer sends it on its next page. */
  async markUnsent(db: Queryable, billId: string) {
    const { rows } = await db.query<{ number: string; user_id: string }>(
      `UPDATE bills SET emailed_at = NULL WHERE id = $1 RETURNING number, user_id`,
      [billId],
    );
    return rows[0];
  },
};
