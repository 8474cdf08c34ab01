import { sql } from 'drizzle-orm';
import { jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';

/** Who the customer is, as they gave it (or MyInfo verified it) when they ordered. */
export const customerProfiles = pgTable(
  'customer_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    salutation: text('salutation').notNull(),
    givenName: text('given_name').notNull(),
    familyName: text('family_name').notNull(),
    fullName: text('full_name').notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    contactNumber: text('contact_number').notNull(),
    idType: smallint('id_type').notNull(),
    idNumber: text('id_number').notNull(),
    idIssueDate: text('id_issue_date').notNull(),
    idExpiryDate: text('id_expiry_date'),
    passType: text('pass_type'),
    passStatus: text('pass_status'),
    passExpiry: text('pass_expiry'),
    employer: text('employer'),
    marketing: jsonb('marketing').notNull(),
    myinfoVerified: text('myinfo_verified').array().notNull().default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('customer_profiles_id_number_key').on(t.idNumber)],
);
