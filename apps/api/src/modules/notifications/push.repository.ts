import { and, desc, eq } from 'drizzle-orm';
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
   * Keeps a subscription for `userId`: a new one, or the same endpoint again (a browser that
   * subscribed before, perhaps for another account, which it now belongs to), with its new keys.
   */
  async upsert(db: Db, row: typeof pushDevices.$inferInsert): Promise<PushDeviceRow> {
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
      })
      .returning();
    return kept as PushDeviceRow;
  },

  async remove(db: Db, userId: string, id: string): Promise<boolean> {
    const removed = await db
      .delete(pushDevices)
      .where(and(eq(pushDevices.id, id), eq(pushDevices.userId, userId)))
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
};
