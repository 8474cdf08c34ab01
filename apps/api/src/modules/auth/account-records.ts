import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from './auth.schema.ts';

/** What other modules read of customers' accounts, inside their own transaction or on the pool. */
export const accountRecords = {
  /**
   * Holds the customer's row for the caller's transaction, so that what is counted per customer is
   * counted one transaction at a time. NO KEY UPDATE (the default) leaves alone the rows of other
   * tables that merely reference the customer; UPDATE also holds back those being added for them.
   */
  async lock(db: Db, userId: string, strength: 'update' | 'no key update' = 'no key update') {
    await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for(strength);
  },

  /** Who to write to about an account: its address, names and number, and the language they chose (ADR 0055). */
  async contactOf(db: Db, userId: string) {
    const [row] = await db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        phoneNumber: users.phoneNumber,
        language: users.language,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  },

  /** Which of these numbers are a login of ours already. */
  async registeredNumbers(db: Db, numbers: string[]): Promise<string[]> {
    if (!numbers.length) return [];
    const rows = await db
      .select({ n: users.phoneNumber })
      .from(users)
      .where(inArray(users.phoneNumber, numbers));
    return rows.map((r) => r.n as string);
  },

  /** The sub lines' logins of a main customer, oldest first. */
  async sublinesOf(db: Db, mainUserId: string) {
    return db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        phoneNumber: users.phoneNumber,
        activated: users.activated,
      })
      .from(users)
      .where(eq(users.mainUserId, mainUserId))
      .orderBy(asc(users.createdAt));
  },
};
