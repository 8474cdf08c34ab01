import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { toAuthUser } from '../auth/auth.service.ts';

export class UsersService {
  constructor(private readonly database: Database) {}

  /** What /myAccount shows: the customer and the additional lines they hold. */
  async accountSummary(me: CurrentUser) {
    const sublines = await this.database.db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        phoneNumber: users.phoneNumber,
        activated: users.activated,
      })
      .from(users)
      .where(eq(users.mainUserId, me.id))
      .orderBy(asc(users.createdAt));
    return {
      user: toAuthUser(me),
      memberSince: me.createdAt.toISOString(),
      sublines: sublines.map((s) => ({
        id: s.id,
        name: `${s.firstName} ${s.lastName}`,
        phoneNumber: s.phoneNumber,
        activated: s.activated,
      })),
    };
  }
}
