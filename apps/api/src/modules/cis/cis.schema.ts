import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';
import { cisCompanies } from '../catalog/catalog.schema.ts';

/**
 * A CIS check by company email: the code sent to `email`, stored hashed, for the company whose domain
 * it has. Verified once; five wrong codes void it.
 */
export const cisChecks = pgTable(
  'cis_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    companyCode: text('company_code')
      .notNull()
      .references(() => cisCompanies.code),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    verifiedAt: ts('verified_at'),
  },
  (t) => [index('cis_checks_user_created_idx').on(t.userId, t.createdAt)],
);
