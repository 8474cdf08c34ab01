import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffAuditLog, staffSessions, staffUsers } from './staff.schema.ts';

export type StaffRow = typeof staffUsers.$inferSelect;

export const staffAuthRepository = {
  async findByEmail(db: Db, email: string) {
    const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, email)).limit(1);
    return row;
  },

  /**
   * Records the TOTP step just used, only if it is later than the last one: a code can open one
   * session only, even when it is replayed within its 30 seconds.
   */
  async useTotpStep(db: Db, staffId: string, step: number): Promise<boolean> {
    const rows = await db
      .update(staffUsers)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(staffUsers.id, staffId),
          or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step)),
        ),
      )
      .returning({ id: staffUsers.id });
    return rows.length === 1;
  },

  /** Adds an entry to the staff audit log. */
  async audit(db: Db, values: typeof staffAuditLog.$inferInsert) {
    await db.insert(staffAuditLog).values(values);
  },

  /** The staff member of an open session: not revoked, not expired, not disabled. */
  async findActive(db: Db, sessionId: string, staffId: string, now: Date) {
    const [row] = await db
      .select({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name, role: staffUsers.role })
      .from(staffSessions)
      .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.ownerId))
      .where(
        and(
          eq(staffSessions.id, sessionId),
          eq(staffSessions.ownerId, staffId),
          isNull(staffSessions.revokedAt),
          gt(staffSessions.expiresAt, now),
          isNull(staffUsers.disabledAt),
        ),
      )
      .limit(1);
    return row;
  },
};
