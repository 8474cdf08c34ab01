import { z } from 'zod';
import { lineServicesSchema, staffCustomerLinesSchema } from '../contracts/line-services.ts';
import { staffReasonSchema } from '../fulfilment.ts';
import { lineBarringSchema, suspendLineSchema } from '../schemas/line-services.ts';
import type { Endpoint } from './endpoint.ts';

const params = z.object({ id: z.uuid('Line is invalid') });

/** The calls the API answers in modules/lines/line-services.routes.ts. */
export const lineServicesEndpoints = {
  'GET /line-services': {
    summary:
      "The customer's live lines: status (Active, Suspension, Unsuspension), suspension, international barring",
    response: z.array(lineServicesSchema),
  },
  'POST /line-services/:id/suspension': {
    summary: 'Suspend the line now, with the reason; only support can resume it',
    params,
    body: suspendLineSchema,
    response: lineServicesSchema,
  },
  'PUT /line-services/:id/barring': {
    summary: 'Bar or allow incoming international calls and SMS, and outgoing IDD, on the line',
    params,
    body: lineBarringSchema,
    response: lineServicesSchema,
  },
  'GET /staff/customers/:id/lines': {
    summary: "Whose lines, and a customer's live lines with their status, suspension and barring",
    params: z.object({ id: z.uuid('Customer is invalid') }),
    response: staffCustomerLinesSchema,
  },
  'POST /staff/lines/:id/unsuspend': {
    summary: 'Resume a suspended line, with the reason (audit-logged)',
    params,
    body: staffReasonSchema,
    response: lineServicesSchema,
  },
} as const satisfies Record<string, Endpoint>;
