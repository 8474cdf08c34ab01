import { timestamp } from 'drizzle-orm/pg-core';

/** A moment: stored with its time zone (UTC), read as a Date. Every table's times are these. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
