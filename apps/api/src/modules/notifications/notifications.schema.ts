import { INBOX_CHANNELS } from '@selfcare/domain/contracts/inbox';
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

/**
 * What was sent to a customer, for their inbox (issue 32, ADR 0058): each email, SMS and push as it
 * went out, in their language, with the portal's page it is about. Only what a template or sender
 * declares for the inbox is kept: never a code, a sign-in or reset link, or an eSIM's activation
 * code. Kept INBOX_DAYS days, erased with the account.
 */
export const sentMessages = pgTable(
  'sent_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account's id, with no foreign key: auth sends through this module, not the other way round. */
    userId: uuid('user_id').notNull(),
    channel: text('channel', { enum: INBOX_CHANNELS }).notNull(),
    title: text('title'),
    body: text('body').notNull(),
    link: text('link'),
    sentAt: ts('sent_at').notNull(),
    readAt: ts('read_at'),
    /** The send job's id: a send retried after it went out is kept once. */
    jobId: text('job_id').notNull().unique(),
  },
  (t) => [
    index('sent_messages_user_sent_idx').on(t.userId, t.sentAt.desc()),
    index('sent_messages_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * The browsers a customer allowed to show the portal's notifications (ADR 0060): each one's push
 * subscription (the push service's endpoint and the keys the messages are encrypted with) and the
 * device it is on. One row per endpoint: a browser signed in to another account moves to it.
 */
export const pushDevices = pgTable(
  'push_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account's id, with no foreign key, as `sent_messages`'s. */
    userId: uuid('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The browser and system it is on ('Chrome (Android)'), or empty. */
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull(),
    lastSentAt: ts('last_sent_at'),
  },
  (t) => [
    uniqueIndex('push_devices_endpoint_key').on(t.endpoint),
    index('push_devices_user_idx').on(t.userId),
  ],
);
