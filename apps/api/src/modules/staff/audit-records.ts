import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffAuditLog, staffUsers } from './staff.schema.ts';

export type StaffAuditEntry = typeof staffAuditLog.$inferInsert;

/** The staff audit log as other modules write and read it, inside their own transaction. */
export const staffAuditRecords = {
  /** Appends to the log, with the order the action was on when there is one. */
  async record(db: Db, entry: StaffAuditEntry) {
    await db.insert(staffAuditLog).values(entry);
  },

  /** What staff did on an order, oldest first, with who did it. */
  async ofOrder(db: Db, orderId: string) {
    return db
      .select({
        id: staffAuditLog.id,
        at: staffAuditLog.at,
        action: staffAuditLog.action,
        reason: staffAuditLog.reason,
        subject: staffAuditLog.subject,
        staff: staffUsers.name,
        role: staffUsers.role,
      })
      .from(staffAuditLog)
      .innerJoin(staffUsers, eq(staffUsers.id, staffAuditLog.staffId))
      .where(eq(staffAuditLog.orderId, orderId))
      .orderBy(asc(staffAuditLog.id));
  },
};
