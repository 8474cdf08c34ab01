import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeyChallenges, passkeys, sessions } from './auth.schema.ts';

export type PasskeyRow = typeof passkeys.$inferSelect;
type Purpose = (typeof passkeyChallenges.$inferSelect)['purpose'];

/** Passkeys and the challenges of their ceremonies (ADR 0059). */
export const passkeyRepository = {
  /**
   * Keeps a ceremony's challenge, and drops those that expired unanswered (a sign-in begun and left):
   * the table holds only the last few minutes' ceremonies.
   */
  async beginCeremony(
    db: Db,
    c: { purpose: Purpose; userId: string | null; challenge: string; now: Date; expiresAt: Date },
  ): Promise<string> {
    await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, c.now));
    const [row] = await db
      .insert(passkeyChallenges)
      .values({
        purpose: c.purpose,
        userId: c.userId,
        challenge: c.challenge,
        createdAt: c.now,
        expiresAt: c.expiresAt,
      })
      .returning({ id: passkeyChallenges.id });
    return (row as { id: string }).id;
  },

  /**
   * The challenge of an unexpired ceremony of `purpose` (of `userId`'s, when adding), taken: it is
   * deleted, so however many answers arrive, one is checked against it.
   */
  async takeChallenge(db: Db, id: string, purpose: Purpose, userId: string | null, now: Date) {
    const [row] = await db
      .delete(passkeyChallenges)
      .where(
        and(
          eq(passkeyChallenges.id, id),
          eq(passkeyChallenges.purpose, purpose),
          gt(passkeyChallenges.expiresAt, now),
          userId ? eq(passkeyChallenges.userId, userId) : undefined,
        ),
      )
      .returning({ challenge: passkeyChallenges.challenge });
    return row?.challenge ?? null;
  },

  list(db: Db, userId: string): Promise<PasskeyRow[]> {
    return db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  },

  async byCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
    const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
    return row;
  },

  /** A new passkey; undefined when the credential is already an account's. */
  async add(db: Db, row: typeof passkeys.$inferInsert): Promise<PasskeyRow | undefined> {
    const [added] = await db.insert(passkeys).values(row).onConflictDoNothing().returning();
    return added;
  },

  /** A sign-in with the passkey: when, and the signature counter it gave (never moved back). */
  async markUsed(db: Db, id: string, counter: number, now: Date): Promise<void> {
    await db
      .update(passkeys)
      .set({ counter: sql`greatest(${passkeys.counter}, ${counter})`, lastUsedAt: now })
      .where(eq(passkeys.id, id));
  },

  /** Removes one of `userId`'s passkeys; the removed one, or undefined when it is not theirs. */
  async remove(db: Db, userId: string, id: string): Promise<PasskeyRow | undefined> {
    const [removed] = await db
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .returning();
    return removed;
  },

  /**
   * Every passkey of the account, and its ceremonies under way: a password reset (whoever added one
   * with the old password loses it) and an 'Us' line's login that ended.
   */
  async removeAll(db: Db, userId: string): Promise<void> {
    await db.delete(passkeys).where(eq(passkeys.userId, userId));
    await db.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, userId));
  },

  /** When the session was opened: the moment its customer last proved who they are. */
  async sessionOpenedAt(db: Db, sessionId: string): Promise<Date | undefined> {
    const [row] = await db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.id, sessionId))
      .limit(1);
    return row?.createdAt;
  },
};
