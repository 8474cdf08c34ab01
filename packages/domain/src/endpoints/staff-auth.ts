import { z } from 'zod';
import { staffSessionSchema, staffUserSchema } from '../contracts/staff.ts';
import { staffLoginSchema } from '../fulfilment.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/staff/staff-auth.routes.ts. */
export const staffAuthEndpoints = {
  'POST /staff/auth/login': {
    body: staffLoginSchema,
    response: staffSessionSchema,
  },
  'POST /staff/auth/refresh': {
    response: staffSessionSchema,
  },
  'POST /staff/auth/logout': {
    response: z.null(),
  },
  'GET /staff/auth/me': {
    response: staffUserSchema,
  },
} as const satisfies Record<string, Endpoint>;
