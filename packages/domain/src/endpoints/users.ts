import { z } from 'zod';
import { accountSummarySchema } from '../contracts/account.ts';
import { authUserSchema } from '../contracts/auth.ts';
import { Messages } from '../index.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/users/users.routes.ts. */
export const usersEndpoints = {
  'GET /users/:id': {
    params: z.object({ id: z.uuid({ error: Messages.notFound }) }),
    response: authUserSchema,
  },
  'GET /account': {
    response: accountSummarySchema,
  },
} as const satisfies Record<string, Endpoint>;
