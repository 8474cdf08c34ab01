import { z } from 'zod/mini';

/** How long the inbox keeps what was sent (issue 32: "the last 90 days"); older messages are deleted. */
export const INBOX_DAYS = 90;

/** The ways a message reaches a customer. */
export const INBOX_CHANNELS = ['email', 'sms', 'push'] as const;
export type InboxChannel = (typeof INBOX_CHANNELS)[number];

/**
 * One message sent to the customer, as it was sent (in their language): an email's subject and text,
 * an SMS's text, a notification's title and text; and the portal's page it is about.
 */
export const inboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(INBOX_CHANNELS),
  /** An email's subject or a notification's title; an SMS has none. */
  title: z.nullable(z.string()),
  body: z.string(),
  /** The portal's page the message is about ('/bills'), or null. */
  link: z.nullable(z.string()),
  sentAt: z.string(),
  read: z.boolean(),
});
export type InboxMessage = z.infer<typeof inboxMessageSchema>;

/**
 * GET /api/v1/inbox: the last INBOX_DAYS days, newest first (at most 300), how many are unread, and
 * the server's time of the answer, which the bell sends back to mark what it showed read.
 */
export const inboxSchema = z.object({
  messages: z.array(inboxMessageSchema),
  unread: z.number(),
  asOf: z.string(),
});
export type Inbox = z.infer<typeof inboxSchema>;

/** POST /api/v1/inbox/read: what is left unread once everything shown was read. */
export const inboxReadSchema = z.object({ unread: z.number() });
