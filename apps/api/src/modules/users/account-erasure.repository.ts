import { CLOSED_ACCOUNT_NAME } from '@selfcare/domain/account-deletion';
import type pg from 'pg';
import { forgetTraces, tracesOf } from './account-traces.repository.ts';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** What an erased column that must hold a value holds: a number, an ID number. */
export const ERASED = '';

/** The logins erased with the account: the holder's and those of its 'Us' lines. */
export interface ErasedLogin {
  id: string;
  email: string | null;
  first_name: string;
}

/**
 * Erases an account's personal data (ADR 0030; what goes and what stays is docs/data-map.md), in the
 * caller's transaction. The tables are other modules'; closing an account is this module's decision,
 * made in one place, so that nothing of it is left half done. Kept: the account's id, its orders,
 * lines, products, charges, bills, payments and refunds, which the accounts need and which name no
 * one once the rest is gone, and the columns of KEPT_AFTER_ERASURE.
 */
export async function eraseAccount(db: Queryable, userId: string, now: Date): Promise<ErasedLogin[]> {
  const { rows: logins } = await db.query<ErasedLogin>(
    `SELECT id, email, first_name FROM users WHERE id = $1 OR main_user_id = $1 ORDER BY (id = $1) DESC FOR UPDATE`,
    [userId],
  );
  const ids = logins.map((l) => l.id);
  const traces = await tracesOf(db, userId, ids);
  const lineIds = `(SELECT id FROM subscriptions WHERE user_id = $1)`;
  const orderIds = `(SELECT id FROM orders WHERE user_id = $1)`;
  const orderLineIds = `(SELECT id FROM order_lines WHERE order_id IN ${orderIds})`;
  const statements: [string, unknown[]][] = [
    // Sign-in: sessions (with their addresses and browsers) and refresh tokens, links, codes.
    ['DELETE FROM sessions WHERE user_id = ANY($1::uuid[])', [ids]],
    ['DELETE FROM action_tokens WHERE user_id = ANY($1::uuid[])', [ids]],
    ['DELETE FROM otp_codes WHERE user_id = ANY($1::uuid[])', [ids]],
    ['DELETE FROM myinfo_requests WHERE user_id = ANY($1::uuid[])', [ids]],
    // Who they are: the profile with its consents, MyInfo's data and the ID documents.
    ['DELETE FROM customer_profiles WHERE user_id = $1', [userId]],
    ['DELETE FROM order_drafts WHERE user_id = $1', [userId]],
    ['DELETE FROM documents WHERE user_id = $1', [userId]],
    ['DELETE FROM cis_checks WHERE user_id = $1', [userId]],
    // The card: the gateway's token and the holder's name. Payments keep their amounts and states.
    [
      'UPDATE payment_attempts SET payment_method_id = NULL WHERE user_id = $1 AND payment_method_id IS NOT NULL',
      [userId],
    ],
    [
      'UPDATE bill_payments SET payment_method_id = NULL WHERE user_id = $1 AND payment_method_id IS NOT NULL',
      [userId],
    ],
    // A purchase's receipt named the card it was paid with (brand and last four).
    ['UPDATE line_products SET card = NULL WHERE user_id = $1 AND card IS NOT NULL', [userId]],
    ['DELETE FROM payment_methods WHERE user_id = $1', [userId]],
    // The orders keep what was sold, for how much and when; the person and the addresses go.
    [
      `UPDATE orders SET profile = jsonb_build_object(
           'salutation', '', 'givenName', '', 'familyName', '', 'fullName', $3::text, 'dateOfBirth', '',
           'contactNumber', '', 'idType', coalesce(profile->'idType', '0'::jsonb), 'idNumber', '',
           'idIssueDate', '', 'idExpiryDate', NULL, 'passType', NULL, 'passStatus', NULL, 'passExpiry', NULL,
           'employer', NULL, 'myinfoVerified', '[]'::jsonb),
         delivery_address = NULL, billing_address = '{}'::jsonb, updated_at = $2
       WHERE user_id = $1`,
      [userId, now, CLOSED_ACCOUNT_NAME],
    ],
    // An 'Us' line's user, named when it was added (ADR 0031): who they were goes with the account.
    [
      `UPDATE order_lines SET assignee = NULL WHERE assignee IS NOT NULL AND order_id IN ${orderIds}`,
      [userId],
    ],
    // The timeline keeps what happened and when, not its words: numbers, tracking codes and what
    // staff typed about the customer.
    [`UPDATE order_events SET detail = '' WHERE order_id IN ${orderIds} AND detail <> ''`, [userId]],
    // The SIMs the account used, and not back in stock: a card whose line has ended serves no one
    // again, and its ICCID and IMSI would say who had it.
    [
      `DELETE FROM sim_cards WHERE state <> 'available'
          AND (order_line_id IN ${orderLineIds} OR (order_line_id IS NULL AND iccid = ANY($2::text[])))`,
      [userId, traces.iccids],
    ],
    // The numbers and SIMs: a number passes to someone else once its line has ended. Columns that
    // must have a value get '' (ERASED); the rows keep their plans, states, amounts and dates.
    [`UPDATE order_lines SET msisdn = $2, iccid = NULL WHERE order_id IN ${orderIds}`, [userId, ERASED]],
    [
      `UPDATE deliveries SET iccids = '{}', tracking_code = $2, failure_reason = NULL WHERE order_id IN ${orderIds}`,
      [userId, ERASED],
    ],
    [
      `UPDATE subscriptions SET msisdn = $2, temporary_msisdn = NULL, iccid = NULL, imsi = NULL, updated_at = $3
        WHERE user_id = $1`,
      [userId, ERASED, now],
    ],
    [
      `UPDATE sim_replacements SET msisdn = $2, lost_iccid = NULL, new_iccid = NULL, new_imsi = NULL,
              delivery_address = NULL, tracking_code = NULL, failure = NULL
        WHERE user_id = $1`,
      [userId, ERASED],
    ],
    [
      'UPDATE port_requests SET msisdn = $2, donor_id_number = $2, updated_at = $3 WHERE user_id = $1',
      [userId, ERASED, now],
    ],
    ['UPDATE number_changes SET from_msisdn = $2, to_msisdn = $2 WHERE user_id = $1', [userId, ERASED]],
    [
      'UPDATE esim_profiles SET iccid = NULL, device_eid = NULL, activation_code = NULL WHERE user_id = $1',
      [userId],
    ],
    // Where and when the lines were used: the bills hold what it cost.
    [`DELETE FROM usage_records WHERE line_id IN ${lineIds}`, [userId]],
    [`DELETE FROM usage_daily WHERE line_id IN ${lineIds}`, [userId]],
    [`DELETE FROM usage_balances WHERE line_id IN ${lineIds}`, [userId]],
    [`DELETE FROM usage_alerts WHERE line_id IN ${lineIds}`, [userId]],
    [`DELETE FROM roaming_cap_alerts WHERE line_id IN ${lineIds}`, [userId]],
    // The logins stay as ids the accounts point at, with nothing to sign in with or to name anyone.
    [
      `UPDATE users SET email = NULL, phone_number = NULL, password_hash = NULL, first_name = $2, last_name = '',
              activated = false, email_verified_at = NULL, cis_types = '{}', updated_at = $3
        WHERE id = ANY($1::uuid[])`,
      [ids, CLOSED_ACCOUNT_NAME, now],
    ],
  ];
  for (const [sql, params] of statements) await db.query(sql, params);
  await forgetTraces(db, traces);
  return logins;
}
