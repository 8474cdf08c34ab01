import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushDevices } from './notifications.schema.ts';

export type PushDeviceRow = typeof pushDevices.$inferSelect;

/** The browsers customers allowed to show notifications (ADR 0060). */
export const pushRepository = {
  list(db: Db, userId: string): Promise<PushDeviceRow[]> {
    return db
      .select()
      .from(pushDevices)
      .where(eq(pushDevices.userId, userId))
      .orderBy(desc(pushDevices.createdAt), desc(pushDevices.id));
  },

  async byId(db: Db, id: string): Promise<PushDeviceRow | undefined> {
    const [row] = await db.select().from(pushDevices).where(eq(pushDevices.id, id)).limit(1);
    return row;
  },

  /**
   * Keeps a subscription for `userId`: a new one, or the same endpoint again: the account's own, with
   * its new keys, or another account's browser now signed in to this one, which moves only with the
   * keys it has (knowing an endpoint alone takes nothing). Undefined when it did not move.
   */
  async upsert(db: Db, row: typeof pushDevices.$inferInsert): Promise<PushDeviceRow | undefined> {
    const [kept] = await db
      .insert(pushDevices)
      .values(row)
      .onConflictDoUpdate({
        target: pushDevices.endpoint,
        set: {
          userId: row.userId,
          p256dh: row.p256dh,
          auth: row.auth,
          name: row.name,
          createdAt: row.createdAt,
          lastSentAt: null,
        },
        setWhere: or(
          eq(pushDevices.userId, row.userId),
          and(eq(pushDevices.p256dh, row.p256dh), eq(pushDevices.auth, row.auth)),
        ),
      })
      .returning();
    return kept;
  },

  /** Keeps the account's `max` newest browsers, forgetting older ones. */
  async keepNewest(db: Db, userId: string, max: number): Promise<void> {
    await db.execute(sql`
      DELETE FROM ${pushDevices} WHERE ${pushDevices.userId} = ${userId} AND ${pushDevices.id} NOT IN (
        SELECT ${pushDevices.id} FROM ${pushDevices} WHERE ${pushDevices.userId} = ${userId}
         ORDER BY ${pushDevices.createdAt} DESC, ${pushDevices.id} DESC LIMIT ${max})`);
  },

  async remove(db: Db, userId: string, id: string): Promise<boolean> {
    const removed = await db
      .delete(pushDevices)
      .where(and(eq(pushDevices.id, id), eq(pushDevices.userId, userId)))
      .returning({ id: pushDevices.id });
    return removed.length === 1;
  },

  /** The account's browser at `endpoint`, signing out there; false when the account has none there. */
  async removeEndpoint(db: Db, userId: string, endpoint: string): Promise<boolean> {
    const removed = await db
      .delete(pushDevices)
      .where(and(eq(pushDevices.endpoint, endpoint), eq(pushDevices.userId, userId)))
      .returning({ id: pushDevices.id });
    return removed.length === 1;
  },

  /** A subscription its push service says is gone (404, 410): nothing will reach it again. */
  async forget(db: Db, id: string): Promise<void> {
    await db.delete(pushDevices).where(eq(pushDevices.id, id));
  },

  async markSent(db: Db, id: string, at: Date): Promise<void> {
    await db.update(pushDevices).set({ lastSentAt: at }).where(eq(pushDevices.id, id));
  },

  /**
   * Every browser of the account: a password reset (whoever added one with the old password stops
   * receiving what is sent to the account) and an 'Us' line's login that ended.
   */
  async forgetUser(db: Db, userId: string): Promise<void> {
    await db.delete(pushDevices).where(eq(pushDevices.userId, userId));
  },
};
