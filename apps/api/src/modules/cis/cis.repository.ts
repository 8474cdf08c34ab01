import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cisChecks } from './cis.schema.ts';

export type CisCheckRow = typeof cisChecks.$inferSelect;

/** CIS checks. The scheme companies they are checked against are the catalog's (`cisCompanyRecords`). */
export const cisRepository = {
  /** Ends the customer's unverified checks at `now`: only the newest code works. */
  async expireOpenChecks(db: Db, userId: string, now: Date) {
    await db
      .update(cisChecks)
      .set({ expiresAt: now })
      .where(and(eq(cisChecks.userId, userId), isNull(cisChecks.verifiedAt)));
  },

  async insertCheck(db: Db, values: typeof cisChecks.$inferInsert) {
    await db.insert(cisChecks).values(values);
  },

  /** The customer's newest unverified check of this email. */
  async latestOpenCheck(db: Db, userId: string, email: string): Promise<CisCheckRow | undefined> {
    const [check] = await db
      .select()
      .from(cisChecks)
      .where(and(eq(cisChecks.userId, userId), eq(cisChecks.email, email), isNull(cisChecks.verifiedAt)))
      .orderBy(desc(cisChecks.createdAt))
      .limit(1);
    return check;
  },

  /**
   * Takes one attempt at an unverified check, in the statement that checks the count, so concurrent
   * guesses cannot all pass a count read before any of them added to it; false when none is left.
   */
  async takeAttempt(db: Db, id: string, max: number): Promise<boolean> {
    const taken = await db
      .update(cisChecks)
      .set({ attempts: sql`${cisChecks.attempts} + 1` })
      .where(and(eq(cisChecks.id, id), lt(cisChecks.attempts, max), isNull(cisChecks.verifiedAt)))
      .returning({ id: cisChecks.id });
    return taken.length > 0;
  },

  /** Marks the check verified; false when it was verified before. */
  async markVerified(db: Db, id: string, now: Date): Promise<boolean> {
    const claimed = await db
      .update(cisChecks)
      .set({ verifiedAt: now })
      .where(and(eq(cisChecks.id, id), isNull(cisChecks.verifiedAt)))
      .returning({ id: cisChecks.id });
    return claimed.length > 0;
  },
};
