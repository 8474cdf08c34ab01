import { CLOSED_ACCOUNT_NAME, ERASED } from '@selfcare/domain/account-deletion';
import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Erasing an account (ADR 0030), ordering's part: the orders keep what was sold, for how much and
 * when; the person, the addresses, the numbers and the cards go. The users module, which closes
 * accounts, calls each step in its order, in its transaction.
 */
export const ordersErasure = {
  /** The account's orders and their lines, for the modules whose rows hang off them. */
  async idsOf(db: Queryable, userId: string): Promise<{ orderIds: string[]; orderLineIds: string[] }> {
    const { rows } = await db.query<{ order_ids: string[]; order_line_ids: string[] }>(
      `SELECT ARRAY(SELECT id FROM orders WHERE user_id = $1) AS order_ids,
              ARRAY(SELECT l.id FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.user_id = $1)
                AS order_line_ids`,
      [userId],
    );
    return { orderIds: rows[0]?.order_ids ?? [], orderLineIds: rows[0]?.order_line_ids ?? [] };
  },

  /** The contact numbers the orders and their 'Us' lines' users were given (null where none). */
  async numbersOf(db: Queryable, userId: string): Promise<(string | null)[]> {
    const { rows } = await db.query<{ v: string | null }>(
      `SELECT profile->>'contactNumber' AS v FROM orders WHERE user_id = $1
       UNION SELECT l.assignee->>'contactNumber' FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE o.user_id = $1`,
      [userId],
    );
    return rows.map((r) => r.v);
  },

  /** What is being ordered now: the draft, with the person and the numbers held for it. */
  async forgetDraft(db: Queryable, userId: string) {
    await db.query('DELETE FROM order_drafts WHERE user_id = $1', [userId]);
  },

  /** The card an order was paid with; the payments keep their amounts and states. */
  async forgetCardOfPayments(db: Queryable, userId: string) {
    await db.query(
      'UPDATE payment_attempts SET payment_method_id = NULL WHERE user_id = $1 AND payment_method_id IS NOT NULL',
      [userId],
    );
  },

  /** The saved cards: the gateway's token and the holder's name (once nothing points at them). */
  async forgetCards(db: Queryable, userId: string) {
    await db.query('DELETE FROM payment_methods WHERE user_id = $1', [userId]);
  },

  /**
   * The person and the addresses of the orders; an 'Us' line's user, named when it was added (ADR
   * 0031); and the timeline's words (numbers, tracking codes and what staff typed about the
   * customer), which keeps what happened and when.
   */
  async erasePeople(db: Queryable, userId: string, now: Date) {
    const orderIds = `(SELECT id FROM orders WHERE user_id = $1)`;
    await db.query(
      `UPDATE orders SET profile = jsonb_build_object(
           'salutation', '', 'givenName', '', 'familyName', '', 'fullName', $3::text, 'dateOfBirth', '',
           'contactNumber', '', 'idType', coalesce(profile->'idType', '0'::jsonb), 'idNumber', '',
           'idIssueDate', '', 'idExpiryDate', NULL, 'passType', NULL, 'passStatus', NULL, 'passExpiry', NULL,
           'employer', NULL, 'myinfoVerified', '[]'::jsonb),
         delivery_address = NULL, billing_address = '{}'::jsonb, updated_at = $2
       WHERE user_id = $1`,
      [userId, now, CLOSED_ACCOUNT_NAME],
    );
    await db.query(
      `UPDATE order_lines SET assignee = NULL WHERE assignee IS NOT NULL AND order_id IN ${orderIds}`,
      [userId],
    );
    await db.query(`UPDATE order_events SET detail = '' WHERE order_id IN ${orderIds} AND detail <> ''`, [
      userId,
    ]);
  },

  /** The numbers and SIMs the order lines were given: '' (ERASED) where a value must be. */
  async eraseNumbers(db: Queryable, userId: string) {
    await db.query(
      `UPDATE order_lines SET msisdn = $2, iccid = NULL WHERE order_id IN (SELECT id FROM orders WHERE user_id = $1)`,
      [userId, ERASED],
    );
  },

  /** How many of the account's orders are in one of `statuses`. */
  async countIn(db: Queryable, userId: string, statuses: readonly string[]): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND status = ANY($2::text[])',
      [userId, statuses],
    );
    return rows[0]?.n ?? 0;
  },

  /** How many orders the account has (they are kept, naming no one). */
  async count(db: Queryable, userId: string): Promise<number> {
    const { rows } = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE user_id = $1',
      [userId],
    );
    return rows[0]?.n ?? 0;
  },
};
