import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffRefreshTokens, staffSessions, staffUsers } from '../../db/schema.ts';

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

  async insertSession(db: Db, values: typeof staffSessions.$inferInsert) {
    const [row] = await db.insert(staffSessions).values(values).returning();
    return row as typeof staffSessions.$inferSelect;
  },

  async revokeSession(db: Db, id: string, now: Date, reason: string) {
    await db
      .update(staffSessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(staffSessions.id, id), isNull(staffSessions.revokedAt)));
  },

  async insertRefreshToken(db: Db, values: typeof staffRefreshTokens.$inferInsert) {
    await db.insert(staffRefreshTokens).values(values);
  },

  async findRefreshToken(db: Db, tokenHash: string) {
    const [row] = await db
      .select({ token: staffRefreshTokens, session: staffSessions })
      .from(staffRefreshTokens)
      .innerJoin(staffSessions, eq(staffSessions.id, staffRefreshTokens.sessionId))
      .where(eq(staffRefreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  },

  /** Marks a token used by the refresh that replaced it with `replacedByHash`; false when it was used already. */
  async useRefreshToken(db: Db, tokenHash: string, now: Date, replacedByHash: string): Promise<boolean> {
    const rows = await db
      .update(staffRefreshTokens)
      .set({ usedAt: now, replacedByHash })
      .where(and(eq(staffRefreshTokens.tokenHash, tokenHash), isNull(staffRefreshTokens.usedAt)))
      .returning({ tokenHash: staffRefreshTokens.tokenHash });
    return rows.length === 1;
  },

  /** The staff member of an open session: not revoked, not expired, not disabled. */
  async findActive(db: Db, sessionId: string, staffId: string, now: Date) {
    const [row] = await db
      .select({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name, role: staffUsers.role })
      .from(staffSessions)
      .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
      .where(
        and(
          eq(staffSessions.id, sessionId),
          eq(staffSessions.staffId, staffId),
          isNull(staffSessions.revokedAt),
          gt(staffSessions.expiresAt, now),
          isNull(staffUsers.disabledAt),
        ),
      )
      .limit(1);
    return row;
  },
};
