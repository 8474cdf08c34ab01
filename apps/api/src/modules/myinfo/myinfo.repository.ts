import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { myinfoRequests } from './myinfo.schema.ts';

/** Singpass round trips we started: each state's nonce, kept hashed, good once. */
export const myinfoRepository = {
  async insertRequest(db: Db, values: typeof myinfoRequests.$inferInsert) {
    await db.insert(myinfoRequests).values(values);
  },

  /**
   * Marks used the request with this nonce, owner (null: someone signed out), ref and browser, if it
   * is unused and unexpired at `now`; false when there is none.
   */
  async claimRequest(
    db: Db,
    request: { nonceHash: string; userId: string | null; ref: string; browserHash: string },
    now: Date,
  ): Promise<boolean> {
    const claimed = await db
      .update(myinfoRequests)
      .set({ usedAt: now })
      .where(
        and(
          eq(myinfoRequests.nonceHash, request.nonceHash),
          request.userId === null ? isNull(myinfoRequests.userId) : eq(myinfoRequests.userId, request.userId),
          eq(myinfoRequests.ref, request.ref),
          eq(myinfoRequests.browserHash, request.browserHash),
          isNull(myinfoRequests.usedAt),
          gt(myinfoRequests.expiresAt, now),
        ),
      )
      .returning({ id: myinfoRequests.id });
    return claimed.length > 0;
  },
};
