import * as z from 'zod/mini';
import { AccountDeletionMessages } from '../account-deletion.ts';
import { Messages } from '../messages.ts';
import { text } from './fields.ts';

/**
 * POST /api/v1/account/deletion-request: the account holder asks to close the account and delete
 * their data (ADR 0030), with their current password and saying they understand it is for good.
 */
export const accountDeletionRequestSchema = z.object({
  password: text('Password').check(z.minLength(1, Messages.required('Password'))),
  understood: z.literal(true, AccountDeletionMessages.confirmUnderstood),
});
export type AccountDeletionRequestInput = z.input<typeof accountDeletionRequestSchema>;

/** POST /api/v1/staff/account-deletions/{id}/complete: the request staff complete. */
export const accountDeletionIdSchema = z.object({ id: z.uuid('Request is invalid') });
