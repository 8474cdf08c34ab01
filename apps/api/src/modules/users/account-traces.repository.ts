import type pg from 'pg';
import { QUEUE_SCHEMA } from '../../jobs/queue.ts';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** What names the account outside its own rows: keys of the sign-in throttle, messages queued. */
export interface AccountTraces {
  /** Its addresses (lower case) and numbers, each number also as +65…, as messages are sent. */
  contacts: string[];
  /** The SIMs its lines had or were sent. */
  iccids: string[];
  /** What else names the customer in free text: their SIMs' IMSIs, NRIC or FIN and full names. */
  names: string[];
}

/**
 * The account's addresses, numbers and SIMs, read before the erasure removes them. A line's number
 * passes to someone else once the line has ended: a number another login or a live line has now is
 * theirs, and what is keyed or queued for it is left alone.
 */
export async function tracesOf(db: Queryable, userId: string, loginIds: string[]): Promise<AccountTraces> {
  const { rows } = await db.query<{ contacts: string[]; iccids: string[]; names: string[] }>(
    `WITH addresses AS (
       SELECT lower(email) AS v FROM users WHERE id = ANY($2::uuid[])
       UNION SELECT lower(new_email) FROM action_tokens WHERE user_id = ANY($2::uuid[])
       UNION SELECT lower(email) FROM cis_checks WHERE user_id = $1
     ), numbers AS (
       SELECT phone_number AS v FROM users WHERE id = ANY($2::uuid[])
       UNION SELECT contact_number FROM customer_profiles WHERE user_id = $1
       UNION SELECT profile->>'contactNumber' FROM orders WHERE user_id = $1
       UNION SELECT l.assignee->>'contactNumber' FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE o.user_id = $1
       UNION SELECT unnest(ARRAY[msisdn, temporary_msisdn]) FROM subscriptions WHERE user_id = $1
     ), ours AS (
       SELECT v FROM numbers n
        WHERE v <> ''
          AND NOT EXISTS (SELECT 1 FROM users u WHERE u.phone_number = n.v AND NOT u.id = ANY($2::uuid[]))
          AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.msisdn = n.v AND s.state <> 'terminated')
     ), sims AS (
       SELECT iccid AS v FROM subscriptions WHERE user_id = $1
       UNION SELECT unnest(ARRAY[lost_iccid, new_iccid]) FROM sim_replacements WHERE user_id = $1
     )
     , names AS (
       SELECT imsi AS v FROM subscriptions WHERE user_id = $1
       UNION SELECT upper(id_number) FROM customer_profiles WHERE user_id = $1
       UNION SELECT trim(first_name || ' ' || last_name) FROM users WHERE id = ANY($2::uuid[])
       UNION SELECT substr(v, 1, 4) || ' ' || substr(v, 5) FROM ours WHERE length(v) = 8
     )
     SELECT ARRAY(SELECT v FROM addresses WHERE v IS NOT NULL
                  UNION SELECT v FROM ours UNION SELECT '+65' || v FROM ours) AS contacts,
            ARRAY(SELECT v FROM sims WHERE v IS NOT NULL) AS iccids,
            ARRAY(SELECT v FROM names WHERE v IS NOT NULL AND length(v) >= 4) AS names`,
    [userId, loginIds],
  );
  return rows[0] ?? { contacts: [], iccids: [], names: [] };
}

/**
 * Forgets the account's addresses and numbers where they are keys or payloads, not columns of its
 * rows: the sign-in throttle's counts (`login:<address>|<client>`, `otp-send:<number>`, …), and the
 * jobs that would send to them, waiting or done (pg-boss keeps those a week). A job being sent at
 * this moment is left to finish.
 */
export async function forgetTraces(db: Queryable, traces: AccountTraces) {
  await blankAuditEntries(db, [...traces.contacts, ...traces.iccids, ...traces.names]);
  if (traces.contacts.length === 0) return;
  await db.query(
    `DELETE FROM throttle_events WHERE lower(split_part(substr(key, strpos(key, ':') + 1), '|', 1)) = ANY($1)`,
    [traces.contacts],
  );
  const addressed = `(lower(data->>'to') = ANY($1) OR lower(data->>'email') = ANY($1) OR data->>'phoneNumber' = ANY($1))`;
  await db.query(`DELETE FROM ${QUEUE_SCHEMA}.job WHERE state <> 'active' AND ${addressed}`, [
    traces.contacts,
  ]);
  await db.query(`DELETE FROM ${QUEUE_SCHEMA}.archive WHERE ${addressed}`, [traces.contacts]);
}

/**
 * The staff audit log keeps who did what, on which order and when; what in an entry named the
 * erased customer (their addresses, numbers, SIMs, ID and name) is blanked. Its append-only trigger
 * lets exactly this through, and only in this transaction (the setting is local to it).
 */
async function blankAuditEntries(db: Queryable, terms: string[]) {
  if (terms.length === 0) return;
  await db.query(`SELECT set_config('selfcare.erasing', 'on', true)`);
  await db.query(
    `UPDATE staff_audit_log l
        SET subject = erase_terms(l.subject, $1), reason = erase_terms(l.reason, $1),
            detail = erase_terms(l.detail::text, $1)::jsonb
      WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) t
                     WHERE strpos(coalesce(l.subject, ''), t) > 0 OR strpos(coalesce(l.reason, ''), t) > 0
                        OR strpos(l.detail::text, t) > 0)`,
    [terms],
  );
  await db.query(`SELECT set_config('selfcare.erasing', 'off', true)`);
}
