import { z } from 'zod';
import { inboxReadSchema, inboxSchema } from '../contracts/inbox.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/notifications/inbox.routes.ts. */
export const inboxEndpoints = {
  'GET /inbox': {
    summary: 'What was sent to the signed-in customer in the last 90 days (emails and texts), newest first',
    response: inboxSchema,
  },
  'POST /inbox/read': {
    summary: "Marks every message sent up to `before` (the list's `asOf`) as read: the inbox was opened",
    body: z.object({ before: z.iso.datetime() }),
    response: inboxReadSchema,
  },
} as const satisfies Record<string, Endpoint>;
