import { CLOSED_ACCOUNT_NAME } from '@selfcare/domain/account-deletion';
import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** The logins erased with the account: the holder's and those of its 'Us' lines. */
export interface ErasedLogin {
  id: string;
  email: string | null;
  first_name: string;
}

/**
 * Erases an account's personal data (ADR 0030), in the caller's transaction. The tables are other
 * modules'; closing an account is this module's decision, made in one place, so that nothing of it
 * is left half done. Kept: the account's id, its orders, lines, products, charges, bills, payments
 * and refunds, which the accounts need and which name no one once the rest is gone.
 */
export async function eraseAccount(db: Queryable, userId: string, now: Date): Promise<ErasedLogin[]> {
  const { rows: logins } = await db.query<ErasedLogin>(
    `SELECT id, email, first_name FROM users WHERE id = $1 OR main_user_id = $1 ORDER BY (id = $1) DESC FOR UPDATE`,
    [userId],
  );
  const ids = logins.map((l) => l.id);
  const lineIds = `(SELECT id FROM subscriptions WHERE user_id = $1)`;
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
      `UPDATE order_lines SET assignee = NULL
       WHERE assignee IS NOT NULL AND order_id IN (SELECT id FROM orders WHERE user_id = $1)`,
      [userId],
    ],
    ['UPDATE sim_replacements SET delivery_address = NULL WHERE user_id = $1', [userId]],
    ["UPDATE port_requests SET donor_id_number = '', updated_at = $2 WHERE user_id = $1", [userId, now]],
    ['UPDATE esim_profiles SET device_eid = NULL, activation_code = NULL WHERE user_id = $1', [userId]],
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
  return logins;
}
