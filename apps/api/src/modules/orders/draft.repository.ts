import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountRecords } from '../auth/index.ts';
import { customerProfiles, orderDrafts } from './orders.schema.ts';

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
  async saveProfile(
    db: Db,
    userId: string,
    profile: Omit<typeof customerProfiles.$inferInsert, 'userId' | 'createdAt'>,
    createdAt: Date,
  ) {
    await db
      .insert(customerProfiles)
      .values({ ...profile, userId, createdAt })
      .onConflictDoUpdate({ target: customerProfiles.userId, set: profile });
  },

  /** Which of these numbers already belong to a customer of ours. */
  registeredNumbers: (db: Db, numbers: string[]): Promise<string[]> =>
    accountRecords.registeredNumbers(db, numbers),

  /** Whether another customer already gave this ID number. */
  async idNumberTaken(db: Db, idNumber: string, userId: string): Promise<boolean> {
    const rows = await db
      .select({ id: customerProfiles.userId })
      .from(customerProfiles)
      .where(and(eq(customerProfiles.idNumber, idNumber), ne(customerProfiles.userId, userId)))
      .limit(1);
    return rows.length > 0;
  },
};
