import { DELETION_REQUEST_STATES } from '@selfcare/domain/account-deletion';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';
import { staffUsers } from '../staff/staff.schema.ts';

/**
 * A customer's request to close their account and delete their data (PDPA; ADR 0030): 'open' until
 * the customer withdraws it or staff complete it, which closes the account and erases its personal
 * data. One open request per account. The row stays after completion, naming only the account's
 * id, as the record that it was closed, when and by whom.
 */
export const accountDeletionRequests = pgTable(
  'account_deletion_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    state: text('state', { enum: DELETION_REQUEST_STATES }).notNull(),
    requestedAt: ts('requested_at').notNull(),
    withdrawnAt: ts('withdrawn_at'),
    completedAt: ts('completed_at'),
    completedBy: uuid('completed_by').references(() => staffUsers.id),
  },
  (t) => [
    uniqueIndex('account_deletion_requests_open_key').on(t.userId).where(sql`${t.state} = 'open'`),
    index('account_deletion_requests_open_idx').on(t.requestedAt).where(sql`${t.state} = 'open'`),
    check('account_deletion_requests_state_check', sql`${t.state} IN ('open', 'withdrawn', 'completed')`),
  ],
);
