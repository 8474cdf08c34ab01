import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** The logins erased with the account: the holder's and those of its 'Us' lines. */
export interface ErasedLogin {
  id: string;
  email: string | null;
  first_name: string;
  /** The language its holder chose (ADR 0055): the email that tells of the closing is written in it. */
  language: string | null;
}

/**
 * Erasing an account (ADR 0030), auth's part: the logins, their sign-in and what names them. The
 * users module, which closes accounts, calls each step in its order, in its transaction.
 */
export const authErasure = {
  /** The account's logins, the holder's first, held until the transaction ends. */
  async lockLogins(db: Queryable, userId: string): Promise<ErasedLogin[]> {
    const { rows } = await db.query<ErasedLogin>(
      `SELECT id, email, first_name, language FROM users WHERE id = $1 OR main_user_id = $1 ORDER BY (id = $1) DESC FOR UPDATE`,
      [userId],
    );
    return rows;
  },

  /**
   * What of the logins names the customer: their addresses (lower case, with those an address
   * change was asked for), numbers and full names. Null where a login has none.
   */
  async tracesOf(db: Queryable, loginIds: string[]) {
    const { rows } = await db.query<{
      addresses: (string | null)[];
      numbers: (string | null)[];
      names: (string | null)[];
    }>(
      `SELECT ARRAY(SELECT lower(email) FROM users WHERE id = ANY($1::uuid[])
                    UNION SELECT lower(new_email) FROM action_tokens WHERE user_id = ANY($1::uuid[])) AS addresses,
              ARRAY(SELECT phone_number FROM users WHERE id = ANY($1::uuid[])) AS numbers,
              ARRAY(SELECT trim(first_name || ' ' || last_name) FROM users WHERE id = ANY($1::uuid[])) AS names`,
      [loginIds],
    );
    return rows[0] ?? { addresses: [], numbers: [], names: [] };
  },

  /** Which of `numbers` a login other than `loginIds` has. */
  async numbersOfOthers(db: Queryable, numbers: string[], loginIds: string[]): Promise<string[]> {
    if (numbers.length === 0) return [];
    const { rows } = await db.query<{ v: string }>(
      `SELECT DISTINCT phone_number AS v FROM users WHERE phone_number = ANY($1::text[]) AND NOT id = ANY($2::uuid[])`,
      [numbers, loginIds],
    );
    return rows.map((r) => r.v);
  },

  /** Sign-in: sessions (with their addresses and browsers) and refresh tokens, links, codes, passkeys. */
  async forgetSignIn(db: Queryable, loginIds: string[]) {
    await db.query('DELETE FROM sessions WHERE user_id = ANY($1::uuid[])', [loginIds]);
    await db.query('DELETE FROM action_tokens WHERE user_id = ANY($1::uuid[])', [loginIds]);
    await db.query('DELETE FROM otp_codes WHERE user_id = ANY($1::uuid[])', [loginIds]);
    await db.query('DELETE FROM passkeys WHERE user_id = ANY($1::uuid[])', [loginIds]);
    await db.query('DELETE FROM passkey_challenges WHERE user_id = ANY($1::uuid[])', [loginIds]);
  },

  /** The logins stay as ids the accounts point at, with nothing to sign in with or to name anyone. */
  async eraseLogins(db: Queryable, loginIds: string[], name: string, now: Date) {
    await db.query(
      `UPDATE users SET email = NULL, phone_number = NULL, password_hash = NULL, first_name = $2, last_name = '',
              activated = false, email_verified_at = NULL, cis_types = '{}', updated_at = $3
        WHERE id = ANY($1::uuid[])`,
      [loginIds, name, now],
    );
  },

  /**
   * The sign-in throttle's counts keyed by one of `contacts` (`login:<address>|<client>`,
   * `otp-send:<number>`, …).
   */
  async forgetThrottle(db: Queryable, contacts: string[]) {
    await db.query(
      `DELETE FROM throttle_events WHERE lower(split_part(substr(key, strpos(key, ':') + 1), '|', 1)) = ANY($1)`,
      [contacts],
    );
  },
};
