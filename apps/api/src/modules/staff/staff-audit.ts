import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/**
 * Writes what a staff member did to the audit log: who, what, on what, why and the details; `db` is
 * the transaction that does it, so the action and its record commit together.
 */
export async function recordStaffAudit(
  db: Queryable,
  entry: {
    at: Date;
    staffId: string;
    action: string;
    subject: string;
    reason: string | null;
    detail: object;
  },
) {
  await db.query(
    `INSERT INTO staff_audit_log (at, staff_id, action, subject, reason, detail) VALUES ($1, $2, $3, $4, $5, $6)`,
    [entry.at, entry.staffId, entry.action, entry.subject, entry.reason, JSON.stringify(entry.detail)],
  );
}
