import { z } from 'zod';
import {
  accountDeletionViewSchema,
  deletionCompletedSchema,
  staffDeletionRequestSchema,
} from '../contracts/account-deletion.ts';
import { accountDeletionIdSchema, accountDeletionRequestSchema } from '../schemas/account-deletion.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/users/account-deletion.routes.ts. */
export const accountDeletionEndpoints = {
  'GET /account/deletion-request': {
    summary: "The customer's open request to close the account, or why they cannot ask now",
    response: accountDeletionViewSchema,
  },
  'POST /account/deletion-request': {
    summary: 'Ask to close the account and delete its personal data (PDPA), with the password',
    body: accountDeletionRequestSchema,
    response: accountDeletionViewSchema,
  },
  'DELETE /account/deletion-request/:id': {
    summary: 'Withdraw the open request to close the account',
    params: accountDeletionIdSchema,
    response: accountDeletionViewSchema,
  },
  'GET /staff/account-deletions': {
    summary: 'Open requests to close an account, oldest first, each with what it still waits for',
    response: z.array(staffDeletionRequestSchema),
  },
  'POST /staff/account-deletions/:id/complete': {
    summary: 'Close the account and erase its personal data; bills and payments are kept (audit-logged)',
    params: accountDeletionIdSchema,
    response: deletionCompletedSchema,
  },
} as const satisfies Record<string, Endpoint>;
