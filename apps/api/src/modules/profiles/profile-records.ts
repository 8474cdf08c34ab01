import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerProfiles } from './profiles.schema.ts';

export type ProfileRow = typeof customerProfiles.$inferSelect;
/** What an order gives of the customer's profile: all of it but who it is and when it was first made. */
export type ProfileValues = Omit<typeof customerProfiles.$inferInsert, 'userId' | 'createdAt'>;

/**
 * What other modules may read and write of a customer's profile, inside their own transaction:
 * orders write it as the first order is placed and read who holds an ID number; lines' number
 * change moves its contact number (ADR 0026, 0028).
 */
export const profileRecords = {
  /** The customer's profile as their first order gave it; undefined before one. */
  async find(db: Db, userId: string): Promise<ProfileRow | undefined> {
    const [row] = await db.select().from(customerProfiles).where(eq(customerProfiles.userId, userId));
    return row;
  },

  /** Creates or updates the customer's profile (the details their placed order gave). */
  async save(db: Db, userId: string, profile: ProfileValues, createdAt: Date) {
    await db
      .insert(customerProfiles)
      .values({ ...profile, userId, createdAt })
      .onConflictDoUpdate({ target: customerProfiles.userId, set: profile });
  },

  /** Whether another customer already gave this ID number. */
  async idNumberTaken(db: Db, idNumber: string, userId: string): Promise<boolean> {
    const rows = await db
      .select({ id: customerProfiles.userId })
      .from(customerProfiles)
      .where(and(eq(customerProfiles.idNumber, idNumber), ne(customerProfiles.userId, userId)))
      .limit(1);
    return rows.length > 0;
  },

  /** The account whose profile gives this ID number (at most one: the number is unique), if any. */
  async holderOf(db: Db, idNumber: string): Promise<string | undefined> {
    const [row] = await db
      .select({ userId: customerProfiles.userId })
      .from(customerProfiles)
      .where(eq(customerProfiles.idNumber, idNumber));
    return row?.userId;
  },

  /** The NRIC or FIN on the customer's profile, upper case; null without one. */
  async idNumberOf(db: Db, userId: string): Promise<string | null> {
    const [row] = await db
      .select({ idNumber: customerProfiles.idNumber })
      .from(customerProfiles)
      .where(eq(customerProfiles.userId, userId));
    return row ? row.idNumber.toUpperCase() : null;
  },

  /**
   * A line's number changed (ADR 0028): a contact number that was the old one becomes the new one;
   * one the customer set to another number stays theirs.
   */
  async followNumber(db: Db, move: { userId: string; from: string; to: string; at: Date }) {
    await db
      .update(customerProfiles)
      .set({ contactNumber: move.to, updatedAt: move.at })
      .where(and(eq(customerProfiles.userId, move.userId), eq(customerProfiles.contactNumber, move.from)));
  },
};
