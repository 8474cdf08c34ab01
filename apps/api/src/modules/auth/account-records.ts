import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from './auth.schema.ts';

/** What other modules read of customers' accounts, inside their own transaction or on the pool. */
export const accountRecords = {
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
