import type { BillState } from '@selfcare/domain';
import type pg from 'pg';
import type { BankCredit } from '../../integrations/bank.ts';

type Queryable = Pick<pg.ClientBase, 'query'>;

export interface CreditBill {
  id: string;
  user_id: string;
  number: string;
  /** The month it bills, 'YYYY-MM'. */
  month: string;
  state: BillState;
  total_cents: number;
  paid_cents: number;
}

/** A credit as it lands: on a bill (a payment, its claim if any), as a credit on the next bill, or kept. */
export interface PaymentWrite {
  creditId: string;
  billId: string;
  userId: string;
  amountCents: number;
  /** The customer's "I have paid" this credit fulfils; null: a new payment. */
  claimId: string | null;
}
export interface UnmatchedWrite {
  credit: BankCredit;
  reason: 'unknown-reference' | 'bill-paid' | 'not-sgd';
  billId: string | null;
}
export interface AccountCreditWrite {
  creditId: string;
  userId: string;
  amountCents: number;
  reason: string;
}

/**
 * Bank credits applied a page at a time (ADR 0033): a fixed number of statements however many
 * credits the page holds, so a day's statement of a hundred thousand is read in seconds.
 */
export const bankCreditsRepository = {
  /** The bills the references name, locked in a fixed order so that two readers never deadlock. */
  async lockBills(db: Queryable, numbers: string[]): Promise<CreditBill[]> {
    if (numbers.length === 0) return [];
    const { rows } = await db.query<CreditBill>(
      `SELECT id, user_id, number, month, state, total_cents, paid_cents FROM bills
        WHERE number = ANY($1::text[]) ORDER BY id FOR UPDATE`,
      [numbers],
    );
    return rows;
  },

  /** Of these credits, those counted before: as a payment, or kept as unmatched. */
  async seen(db: Queryable, ids: string[]): Promise<Set<string>> {
    const { rows } = await db.query<{ id: string }>(
      `SELECT bank_credit_id AS id FROM bill_payments WHERE bank_credit_id = ANY($1::text[])
       UNION ALL
       SELECT bank_credit_id FROM unmatched_credits WHERE bank_credit_id = ANY($1::text[])`,
      [ids],
    );
    return new Set(rows.map((r) => r.id));
  },

  /** Each bill's "I have paid by PayNow" still waiting for the bank, oldest first. */
  async claims(db: Queryable, billIds: string[]): Promise<Map<string, string[]>> {
    const claims = new Map<string, string[]>();
    if (billIds.length === 0) return claims;
    const { rows } = await db.query<{ id: string; bill_id: string }>(
      `SELECT id, bill_id FROM bill_payments
        WHERE bill_id = ANY($1::uuid[]) AND method = 'paynow' AND state = 'pending'
        ORDER BY created_at`,
      [billIds],
    );
    for (const r of rows) claims.set(r.bill_id, [...(claims.get(r.bill_id) ?? []), r.id]);
    return claims;
  },

  /** The credits' payments: each claim it fulfils becomes it, the rest are new payments. */
  async writePayments(db: Queryable, payments: PaymentWrite[], at: Date) {
    if (payments.length === 0) return;
    const rows = JSON.stringify(
      payments.map((p) => ({
        credit: p.creditId,
        bill: p.billId,
        usr: p.userId,
        amount: p.amountCents,
        claim: p.claimId,
      })),
    );
    await db.query(
      `WITH p AS (SELECT * FROM jsonb_to_recordset($1::jsonb)
                    AS x(credit text, bill uuid, usr uuid, amount int, claim uuid)),
            claimed AS (
              UPDATE bill_payments b
                 SET state = 'succeeded', bank_credit_id = p.credit, amount_cents = p.amount,
                     settled_at = $2, updated_at = $2
                FROM p WHERE b.id = p.claim)
       INSERT INTO bill_payments (bill_id, user_id, method, amount_cents, state, bank_credit_id,
                                  created_at, updated_at, settled_at)
       SELECT bill, usr, 'paynow', amount, 'succeeded', credit, $2, $2, $2 FROM p WHERE claim IS NULL`,
      [rows, at],
    );
  },

  /** What the page's credits add to each bill; a bill paid in full is Paid, one part paid Due Now. */
  async addToBills(db: Queryable, added: Map<string, number>, at: Date) {
    if (added.size === 0) return;
    await db.query(
      `UPDATE bills b
          SET paid_cents = b.paid_cents + a.amount,
              state = CASE WHEN b.paid_cents + a.amount >= b.total_cents THEN 'paid' ELSE 'due' END,
              paid_at = CASE WHEN b.paid_cents + a.amount >= b.total_cents THEN $3::timestamptz ELSE NULL END
         FROM unnest($1::uuid[], $2::int[]) AS a(bill, amount)
        WHERE b.id = a.bill`,
      [[...added.keys()], [...added.values()], at],
    );
  },

  /** Money more than a bill needed: a credit on the account's next bill, once per credit. */
  async creditAccounts(db: Queryable, credits: AccountCreditWrite[], at: Date) {
    if (credits.length === 0) return;
    await db.query(
      `INSERT INTO charges (user_id, kind, amount_cents, reason, source_key, created_at)
       SELECT usr, 'credit', -amount, reason, 'paynow:' || credit, $2
         FROM jsonb_to_recordset($1::jsonb) AS x(credit text, usr uuid, amount int, reason text)
       ON CONFLICT (source_key) WHERE source_key IS NOT NULL DO NOTHING`,
      [
        JSON.stringify(
          credits.map((c) => ({
            credit: c.creditId,
            usr: c.userId,
            amount: c.amountCents,
            reason: c.reason,
          })),
        ),
        at,
      ],
    );
  },

  /** Credits no bill could take, kept once each for a supervisor. */
  async keepUnmatched(db: Queryable, kept: UnmatchedWrite[], at: Date) {
    if (kept.length === 0) return;
    await db.query(
      `INSERT INTO unmatched_credits (bank_credit_id, reference, amount_cents, settled_at, received_at, reason, bill_id)
       SELECT id, reference, amount, settled, $2, reason, bill
         FROM jsonb_to_recordset($1::jsonb)
           AS x(id text, reference text, amount int, settled timestamptz, reason text, bill uuid)
       ON CONFLICT (bank_credit_id) DO NOTHING`,
      [
        JSON.stringify(
          kept.map((k) => ({
            id: k.credit.id,
            reference: k.credit.reference.slice(0, 200),
            amount: k.credit.amountCents,
            settled: k.credit.settledAt,
            reason: k.reason,
            bill: k.billId,
          })),
        ),
        at,
      ],
    );
  },
};
