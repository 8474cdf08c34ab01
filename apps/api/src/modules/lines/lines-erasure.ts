import { type AccountFacts, ERASED } from '@selfcare/domain/account-deletion';
import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Closing an account (ADR 0030), the lines' part: which lines stand in its way, and erasing the
 * numbers and SIMs its lines had (a number passes to someone else once its line has ended). The
 * rows keep their plans, states, amounts and dates. The users module, which closes accounts, calls
 * each step in its order, in its transaction.
 */
export const linesErasure = {
  /** The account's lines, for the modules whose rows hang off them. */
  async idsOf(db: Queryable, userId: string): Promise<string[]> {
    const { rows } = await db.query<{ id: string }>('SELECT id FROM subscriptions WHERE user_id = $1', [
      userId,
    ]);
    return rows.map((r) => r.id);
  },

  /** Every line of the account, with the day it ended or is set to end (Singapore). */
  async endingOf(db: Queryable, userId: string) {
    const { rows } = await db.query<{ msisdn: string; state: string; ends_on: string | null }>(
      `SELECT s.msisdn, s.state,
              coalesce(t.effective_on::text, ((s.terminated_at AT TIME ZONE 'Asia/Singapore')::date)::text) AS ends_on
         FROM subscriptions s LEFT JOIN line_terminations t ON t.line_id = s.id AND t.state = 'scheduled'
        WHERE s.user_id = $1 ORDER BY s.is_main_line DESC, s.created_at, s.id`,
      [userId],
    );
    return rows;
  },

  /** The lines not ended, with the day their end is scheduled for, and the day the last one ended. */
  async factsOf(db: Queryable, userId: string): Promise<Pick<AccountFacts, 'liveLines' | 'lastEndedOn'>> {
    const { rows } = await db.query<Pick<AccountFacts, 'liveLines' | 'lastEndedOn'>>(
      `SELECT
         (SELECT coalesce(json_agg(json_build_object('msisdn', s.msisdn, 'endsOn', t.effective_on::text)
                                   ORDER BY s.is_main_line, s.created_at), '[]'::json)
            FROM subscriptions s LEFT JOIN line_terminations t ON t.line_id = s.id AND t.state = 'scheduled'
           WHERE s.user_id = $1 AND s.state <> 'terminated') AS "liveLines",
         (SELECT ((max(terminated_at) AT TIME ZONE 'Asia/Singapore')::date)::text FROM subscriptions
           WHERE user_id = $1 AND state = 'terminated') AS "lastEndedOn"`,
      [userId],
    );
    return rows[0] as Pick<AccountFacts, 'liveLines' | 'lastEndedOn'>;
  },

  /**
   * What of the lines names the customer elsewhere: their numbers (temporary ones too), the SIMs
   * they had or were sent, and their IMSIs. Null where a line has none.
   */
  async tracesOf(db: Queryable, userId: string) {
    const { rows } = await db.query<{
      numbers: (string | null)[];
      iccids: (string | null)[];
      imsis: (string | null)[];
    }>(
      `SELECT ARRAY(SELECT unnest(ARRAY[msisdn, temporary_msisdn]) FROM subscriptions WHERE user_id = $1) AS numbers,
              ARRAY(SELECT iccid FROM subscriptions WHERE user_id = $1
                    UNION SELECT unnest(ARRAY[lost_iccid, new_iccid]) FROM sim_replacements WHERE user_id = $1)
                AS iccids,
              ARRAY(SELECT imsi FROM subscriptions WHERE user_id = $1) AS imsis`,
      [userId],
    );
    return rows[0] ?? { numbers: [], iccids: [], imsis: [] };
  },

  /** Which of `numbers` a line not ended has now, whoever's it is. */
  async liveNumbers(db: Queryable, numbers: string[]): Promise<string[]> {
    if (numbers.length === 0) return [];
    const { rows } = await db.query<{ v: string }>(
      `SELECT DISTINCT msisdn AS v FROM subscriptions WHERE msisdn = ANY($1::text[]) AND state <> 'terminated'`,
      [numbers],
    );
    return rows.map((r) => r.v);
  },

  /**
   * The numbers and SIMs of the account's lines, SIM replacements, ports, number changes and eSIM
   * profiles, and where a replacement was sent. Columns that must have a value get '' (ERASED).
   */
  async eraseNumbers(db: Queryable, userId: string, now: Date) {
    await db.query(
      `UPDATE subscriptions SET msisdn = $2, temporary_msisdn = NULL, iccid = NULL, imsi = NULL, updated_at = $3
        WHERE user_id = $1`,
      [userId, ERASED, now],
    );
    await db.query(
      `UPDATE sim_replacements SET msisdn = $2, lost_iccid = NULL, new_iccid = NULL, new_imsi = NULL,
              delivery_address = NULL, tracking_code = NULL, failure = NULL
        WHERE user_id = $1`,
      [userId, ERASED],
    );
    await db.query(
      'UPDATE port_requests SET msisdn = $2, donor_id_number = $2, updated_at = $3 WHERE user_id = $1',
      [userId, ERASED, now],
    );
    await db.query('UPDATE number_changes SET from_msisdn = $2, to_msisdn = $2 WHERE user_id = $1', [
      userId,
      ERASED,
    ]);
    await db.query(
      'UPDATE esim_profiles SET iccid = NULL, device_eid = NULL, activation_code = NULL WHERE user_id = $1',
      [userId],
    );
  },
};
