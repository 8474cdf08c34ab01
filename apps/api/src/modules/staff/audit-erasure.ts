import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Erasing an account (ADR 0030), the audit log's part: it keeps who did what, on which order and
 * when; what in an entry named the erased customer (`terms`: their addresses, numbers, SIMs, ID and
 * name) is blanked. Its append-only trigger lets exactly this through, and only in the caller's
 * transaction (the setting is local to it).
 */
export async function blankAuditTerms(db: Queryable, terms: string[]) {
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
