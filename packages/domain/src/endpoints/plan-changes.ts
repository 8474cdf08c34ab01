import { z } from 'zod';
import { planChangeSchema, planChangeViewSchema } from '../contracts/plan-change.ts';
import { planChangeInputSchema } from '../schemas/products.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/products/plan-changes.routes.ts. */
export const planChangesEndpoints = {
  'GET /plan-changes': {
    summary: 'The lines with their plans, the plans a line can move to, and the changes asked for',
    response: planChangeViewSchema,
  },
  'POST /plan-changes': {
    summary:
      'Move a line to another plan on the next 7th, 15th or 21st (or the working day after); one scheduled change per line',
    body: planChangeInputSchema,
    response: planChangeSchema,
    status: 201,
  },
  'DELETE /plan-changes/:id': {
    summary: 'Cancel a scheduled plan change before its day',
    params: z.object({ id: z.uuid() }),
    response: planChangeSchema,
  },
} as const satisfies Record<string, Endpoint>;
