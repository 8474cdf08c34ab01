import type { AccountFacts } from '@selfcare/domain/account-deletion';
import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Closing an account (ADR 0030), billing's part: what is left to bill and pay before it may close,
 * what is kept, and the card its payments name. In the caller's transaction. The bills, charges and
 * payments themselves are kept.
 */
export const billingErasure = {
  /** The account's last bill's month, its charges not billed yet, and what its bills still ask for. */
  async factsOf(
    db: Queryable,
    userId: string,
  ): Promise<Pick<AccountFacts, 'lastBilledMonth' | 'unbilledCharges' | 'unpaidCents'>> {
    const { rows } = await db.query<
      Pick<AccountFacts, 'lastBilledMonth' | 'unbilledCharges' | 'unpaidCents'>
    >(
      `SELECT
         (SELECT max(month) FROM bills WHERE user_id = $1) AS "lastBilledMonth",
         (SELECT count(*)::int FROM charges WHERE user_id = $1 AND bill_id IS NULL AND waived_at IS NULL)
           AS "unbilledCharges",
         (SELECT coalesce(sum(total_cents - paid_cents), 0)::int FROM bills WHERE user_id = $1 AND state <> 'paid')
           AS "unpaidCents"`,
      [userId],
    );
    return rows[0] as Pick<AccountFacts, 'lastBilledMonth' | 'unbilledCharges' | 'unpaidCents'>;
  },

  /** How many bills and bill payments are kept for the accounts. */
  async keptOf(db: Queryable, userId: string): Promise<{ bills: number; payments: number }> {
    const { rows } = await db.query<{ bills: number; payments: number }>(
      `SELECT (SELECT count(*)::int FROM bills WHERE user_id = $1) AS bills,
              (SELECT count(*)::int FROM bill_payments WHERE user_id = $1) AS payments`,
      [userId],
    );
    return rows[0] as { bills: number; payments: number };
  },

  /** The card a bill was paid with; the payments keep their amounts and states. */
  async forgetCardOfPayments(db: Queryable, userId: string) {
    await db.query(
      'UPDATE bill_payments SET payment_method_id = NULL WHERE user_id = $1 AND payment_method_id IS NOT NULL',
      [userId],
    );
  },
};
