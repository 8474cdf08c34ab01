import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, timestamp } from 'drizzle-orm/pg-core';

/** A moment: stored with its time zone (UTC), read as a Date. Every table's times are these. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A CHECK that `column` holds one of `values`, written from the same list as the column's type (the
 * domain's), so the database, the API and the pages name the same states. The values are the code's
 * own constants, never input.
 */
export const oneOf = (column: AnyPgColumn, values: readonly string[]): SQL =>
  sql`${column} IN (${sql.raw(values.map((v) => `'${v}'`).join(', '))})`;
