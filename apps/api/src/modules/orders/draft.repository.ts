import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountRecords } from '../auth/index.ts';
import { type ProfileValues, profileRecords } from '../profiles/index.ts';
import { orderDrafts } from './orders.schema.ts';

export type DraftRow = typeof orderDrafts.$inferSelect;

export const draftRepository = {
  async find(db: Db, userId: string): Promise<DraftRow | undefined> {
    const [row] = await db.select().from(orderDrafts).where(eq(orderDrafts.userId, userId));
    return row;
  },

  /** Creates or updates the customer's draft; answers the draft as saved. */
  async save(
    db: Db,
    userId: string,
    values: Partial<Omit<DraftRow, 'userId' | 'createdAt'>> & { updatedAt: Date },
  ): Promise<DraftRow> {
    const [row] = await db
      .insert(orderDrafts)
      .values({ userId, data: {}, createdAt: values.updatedAt, ...values })
      .onConflictDoUpdate({ target: orderDrafts.userId, set: values })
      .returning();
    return row as DraftRow;
  },

  /** The customer's draft is gone (their order is placed). */
  async remove(db: Db, userId: string) {
    await db.delete(orderDrafts).where(eq(orderDrafts.userId, userId));
  },

  /** Creates or updates the customer's profile (the details their placed order gave). */
  saveProfile: (db: Db, userId: string, profile: ProfileValues, createdAt: Date) =>
    profileRecords.save(db, userId, profile, createdAt),

  /** Which of these numbers already belong to a customer of ours. */
  registeredNumbers: (db: Db, numbers: string[]): Promise<string[]> =>
    accountRecords.registeredNumbers(db, numbers),

  /** Whether another customer already gave this ID number. */
  idNumberTaken: (db: Db, idNumber: string, userId: string): Promise<boolean> =>
    profileRecords.idNumberTaken(db, idNumber, userId),
};
