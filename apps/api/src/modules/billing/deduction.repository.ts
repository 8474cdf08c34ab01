import { ChargeMessages } from '@selfcare/domain';
import type pg from 'pg';
import { filled } from './bill-run-parts.ts';

type Queryable = Pick<pg.ClientBase, 'query'>;

export interface DeductionCandidate {
  id: string;
  user_id: string;
  due_on: string;
  state: 'due' | 'pending';
  /** Deduction tries made so far. */
  attempts: number;
  /** When the customer said they paid by PayNow, if they did and the bank has not credited it. */
  paynow_claimed_at: Date | null;
}

/** The automated card deduction's reads and writes (ADR 0023's ladder). */
export const deductionRepository = {
  /**
   * Unpaid bills due by `today` with no card charge in flight, and how many deduction tries each has
   * had: the caller decides from the ladder whether today is a try's day. A PayNow transfer claimed
   * before `payNowCutoffDay` of the due date's month holds the first try back (`PAYNOW_CUTOFF_DAY`
   * and `payNowBeforeDeduction` in the domain: the caller passes the day, so it is written once).
   */
  async candidates(
    db: Queryable,
    today: string,
    ladder: readonly number[],
    limit: number,
    payNowCutoffDay: number,
  ): Promise<DeductionCandidate[]> {
    // Only bills whose next try is due today or before: one that has had every try, or whose
    // customer paid by PayNow before the cut-off, never fills the page that others wait behind.
    const { rows } = await db.query<DeductionCandidate>(
      `WITH unpaid AS (
         SELECT b.id, b.user_id, b.due_on, b.state,
                (SELECT count(*)::int FROM bill_payments p WHERE p.bill_id = b.id AND p.method = 'deduction') AS attempts,
                (SELECT max(p.created_at) FROM bill_payments p
                  WHERE p.bill_id = b.id AND p.method = 'paynow' AND p.state = 'pending') AS paynow_claimed_at
           FROM bills b
          WHERE b.state <> 'paid' AND b.due_on <= $1::date AND b.total_cents > b.paid_cents
            AND NOT EXISTS (SELECT 1 FROM bill_payments p
                             WHERE p.bill_id = b.id AND p.state = 'pending' AND p.method IN ('card', 'deduction')))
       SELECT id, user_id, to_char(due_on, 'YYYY-MM-DD') AS due_on, state, attempts, paynow_claimed_at
         FROM unpaid
        WHERE attempts < cardinality($2::int[])
          AND due_on + ($2::int[])[attempts + 1] <= $1::date
          AND NOT (attempts = 0 AND paynow_claimed_at IS NOT NULL
                   AND (paynow_claimed_at AT TIME ZONE 'Asia/Singapore')::date
                       < make_date(extract(year FROM due_on)::int, extract(month FROM due_on)::int, $4::int))
        ORDER BY due_on, id
        LIMIT $3`,
      [today, ladder, limit, payNowCutoffDay],
    );
    return rows;
  },

  /**
   * "I have paid by PayNow" that the bank has not credited after `before`: the claim is void and the
   * bill Due Now again (a credit that comes later is still counted).
   */
  async expireClaims(db: Queryable, before: Date, now: Date): Promise<number> {
    const { rowCount } = await db.query(
      `WITH gone AS (
         UPDATE bill_payments SET state = 'void', updated_at = $2
          WHERE method = 'paynow' AND state = 'pending' AND created_at < $1
          RETURNING bill_id)
       UPDATE bills SET state = 'due' WHERE id IN (SELECT bill_id FROM gone) AND state = 'pending'`,
      [before, now],
    );
    return rowCount ?? 0;
  },

  /** Failed deductions not yet told to the customer, with what the message needs. */
  async untold(db: Queryable, limit: number) {
    const { rows } = await db.query<{
      id: string;
      attempt: number;
      amount_cents: number;
      bill_id: string;
      number: string;
      month: string;
      due_on: string;
      user_id: string;
      email: string | null;
      phone_number: string | null;
      first_name: string;
      /** The language the customer chose; null when they have not (ADR 0055). */
      language: string | null;
      /** The card the try was made to; null when there was none on file. */
      payment_method_id: string | null;
    }>(
      `SELECT p.id, p.attempt, p.amount_cents, b.id AS bill_id, b.number, b.month,
              to_char(b.due_on, 'YYYY-MM-DD') AS due_on, u.id AS user_id, u.email, u.phone_number, u.first_name,
              u.language, p.payment_method_id
         FROM bill_payments p JOIN bills b ON b.id = p.bill_id JOIN customer_contacts u ON u.id = p.user_id
        WHERE p.method = 'deduction' AND p.state = 'failed' AND p.notified_at IS NULL
        ORDER BY p.updated_at
        LIMIT $1`,
      [limit],
    );
    return rows;
  },

  /** Marks a failed deduction told; false when another worker told it first. */
  async markTold(db: Queryable, paymentId: string, at: Date): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE bill_payments SET notified_at = $2 WHERE id = $1 AND notified_at IS NULL`,
      [paymentId, at],
    );
    return rowCount === 1;
  },

  /**
   * The overdue notice fee on every bill unpaid `overdueAfterDays` after its due date, once per bill
   * (its source key): it goes on the account's next bill. Returns the bills it was charged for now,
   * with what the notice to the customer needs.
   */
  async chargeOverdueFees(
    db: Queryable,
    today: string,
    overdueAfterDays: number,
    feeCents: number,
    now: Date,
  ) {
    const { rows } = await db.query<{
      bill_id: string;
      number: string;
      month: string;
      due_on: string;
      amount_cents: number;
      user_id: string;
      email: string | null;
      phone_number: string | null;
      first_name: string;
      language: string | null;
    }>(
      `WITH fee AS (
         INSERT INTO charges (user_id, kind, amount_cents, reason, source_key, created_at)
         SELECT b.user_id, 'overdue-fee', $3, ${filled(ChargeMessages.overdueNotice('{billNumber}'), { billNumber: 'b.number' })},
                'overdue:' || b.id, $4
           FROM bills b
          WHERE b.state <> 'paid' AND b.due_on + $2::int <= $1::date AND b.total_cents > b.paid_cents
         ON CONFLICT (source_key) WHERE source_key IS NOT NULL DO NOTHING
         RETURNING source_key)
       SELECT b.id AS bill_id, b.number, b.month, to_char(b.due_on, 'YYYY-MM-DD') AS due_on,
              b.total_cents - b.paid_cents AS amount_cents, u.id AS user_id, u.email, u.phone_number, u.first_name,
              u.language
         FROM fee JOIN bills b ON 'overdue:' || b.id = fee.source_key JOIN customer_contacts u ON u.id = b.user_id`,
      [today, overdueAfterDays, feeCents, now],
    );
    return rows;
  },
};
