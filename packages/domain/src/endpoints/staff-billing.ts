import { z } from 'zod';
import { staffBillingSchema } from '../contracts/staff-billing.ts';
import { unmatchedPaymentsSchema } from '../contracts/unmatched-payments.ts';
import { applyUnmatchedSchema, staffCreditRequestSchema, staffReasonSchema } from '../fulfilment.ts';
import type { Endpoint } from './endpoint.ts';

/** Who the staff member's change was for. */
const done = z.object({ userId: z.string() });
// The bank's and the gateway's own ids: letters, digits and the gateway's underscore.
const creditId = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Payment is invalid') });

/** The calls the API answers in modules/billing/staff-billing.routes.ts. */
export const staffBillingEndpoints = {
  'GET /staff/customers/:id/billing': {
    summary: "A customer's bills with their items and payments, and the charges not billed yet",
    params: z.object({ id: z.uuid('Customer is invalid') }),
    response: staffBillingSchema,
  },
  'POST /staff/charges/:id/waive': {
    summary: 'Waive a charge, with the reason (supervisors; audit-logged); its unpaid bill is summed again',
    params: z.object({ id: z.uuid('Charge is invalid') }),
    body: staffReasonSchema,
    response: done,
  },
  'POST /staff/customers/:id/credits': {
    summary:
      'Give a customer a credit off their next bill, optionally for a charge, with the reason (supervisors; audit-logged; once per key)',
    params: z.object({ id: z.uuid('Customer is invalid') }),
    body: staffCreditRequestSchema,
    response: z.object({ userId: z.string(), amountCents: z.number() }),
  },
  'POST /staff/bills/:id/resend': {
    summary: 'Email a bill to its customer again (audit-logged)',
    params: z.object({ id: z.uuid('Bill is invalid') }),
    response: done,
  },
  'GET /staff/payments/unmatched': {
    summary: 'Payments nothing matched, oldest first, and how long the oldest has waited (ADR 0033)',
    response: unmatchedPaymentsSchema,
  },
  'POST /staff/payments/unmatched/:id/apply': {
    summary: 'Apply a payment nothing matched to an unpaid bill, with the reason (supervisors; audit-logged)',
    params: creditId,
    body: applyUnmatchedSchema,
    response: z.object({ billId: z.string() }),
  },
  'POST /staff/payments/unmatched/:id/return': {
    summary:
      'Send a payment nothing matched back: a PayNow credit by the bank to its payer, a card charge refunded to its card (supervisors; audit-logged)',
    params: creditId,
    body: staffReasonSchema,
    response: z.object({ id: z.string() }),
  },
} as const satisfies Record<string, Endpoint>;
