import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AccountClosing } from '../orders/index.ts';
import { accountDeletionRequests } from './users.schema.ts';

/** An account with an open request to close it takes no new lines (ADR 0030). */
export const accountClosing: AccountClosing = {
  async closing(db: Db, userId: string): Promise<boolean> {
    const rows = await db
      .select({ id: accountDeletionRequests.id })
      .from(accountDeletionRequests)
      .where(and(eq(accountDeletionRequests.userId, userId), eq(accountDeletionRequests.state, 'open')))
      .limit(1);
    return rows.length > 0;
  },
};
