import { z } from 'zod';
import { terminationViewSchema } from '../contracts/line-services.ts';
import { terminateSchema } from '../schemas/line-services.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/lines/terminations.routes.ts. */
export const terminationsEndpoints = {
  'GET /terminations': {
    summary: 'The live lines with the end scheduled for each, and the dates a termination may take',
    response: terminationViewSchema,
  },
  'POST /terminations': {
    summary: 'End a line, or the whole account, on a day from today; confirmed with the password',
    body: terminateSchema,
    response: z.null(),
  },
  'DELETE /terminations/:id': {
    summary: 'Cancel a scheduled termination (for a whole account, every line of it)',
    params: z.object({ id: z.uuid('Termination is invalid') }),
    response: z.null(),
  },
} as const satisfies Record<string, Endpoint>;
