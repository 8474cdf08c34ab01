import { z } from 'zod';
import { numberChangeViewSchema, numberChoicesSchema } from '../contracts/line-services.ts';
import { portRequestSchema } from '../contracts/lines.ts';
import { numberChoiceSchema, reinitiatePortSchema } from '../schemas/line-services.ts';
import type { Endpoint } from './endpoint.ts';

const params = z.object({ lineId: z.uuid('Line is invalid') });

/** The calls the API answers in modules/lines/number-changes.routes.ts. */
export const numberChangesEndpoints = {
  'GET /number-changes': {
    summary:
      "The live lines, what a number change costs each, and each line's held, pending or latest change",
    response: numberChangeViewSchema,
  },
  'GET /number-changes/numbers': {
    summary: 'New numbers on offer, containing the digits asked for, 20 a page',
    query: z.object({
      contains: z
        .string()
        .trim()
        .regex(/^\d{0,8}$/, 'Please enter up to 8 digits.')
        .default(''),
      page: z.coerce.number().int().min(1).max(1000).default(1),
    }),
    response: numberChoicesSchema,
  },
  'PUT /number-changes/:lineId/hold': {
    summary: 'Hold a new number for the line while the customer decides (NUMBER_HOLD_MINUTES)',
    params,
    body: numberChoiceSchema,
    response: numberChangeViewSchema,
  },
  'DELETE /number-changes/:lineId/hold': {
    summary: "Give the line's held number back",
    params,
    response: numberChangeViewSchema,
  },
  'POST /number-changes/:lineId': {
    summary:
      'Change the line to its held number: the MVNE makes the change, the old number is released and the fee goes on the next bill',
    params,
    body: numberChoiceSchema,
    response: numberChangeViewSchema,
  },
  'POST /number-changes/ports/:id': {
    summary:
      'Re-initiate a failed port-in with the number and its donor details: submitted for the next porting window',
    params: z.object({ id: z.uuid('Port request is invalid') }),
    body: reinitiatePortSchema,
    response: portRequestSchema,
  },
} as const satisfies Record<string, Endpoint>;
