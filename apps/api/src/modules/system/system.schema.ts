import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

/**
 * Whether this database has had its demo data: one row at most, written by the start that loaded it
 * (or found the database already in use). Its being there is what keeps a restart from loading the
 * demo again over what its customers did since: an account closed, a number changed, a line ended.
 */
export const demoData = pgTable(
  'demo_data',
  {
    id: smallint('id').primaryKey().default(1),
    startedAt: ts('started_at').notNull(),
    /** Unset while the load is under way: a start that failed part way leaves it to the next start. */
    finishedAt: ts('finished_at'),
    /** The demo customers loaded: 0 for a database that held customers, staff or a catalog already. */
    customers: integer('customers').notNull().default(0),
  },
  (t) => [check('demo_data_one_row', sql`${t.id} = 1`)],
);
