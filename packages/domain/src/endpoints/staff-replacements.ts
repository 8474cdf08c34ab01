import { staffReplacementPageSchema } from '../contracts/staff.ts';
import { staffReplacementQuerySchema } from '../fulfilment.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/fulfilment/staff-replacements.routes.ts. */
export const staffReplacementsEndpoints = {
  'GET /staff/replacements': {
    summary: "Lost SIMs' replacements: those under way (the default), in one state, or all",
    query: staffReplacementQuerySchema,
    response: staffReplacementPageSchema,
  },
} as const satisfies Record<string, Endpoint>;
