import { z } from 'zod/mini';

/** Why a payment could not be applied by itself (ADR 0033), in the words staff read. */
export const UNMATCHED_REASON_TEXT = {
  'unknown-reference': 'The reference names no bill',
  'bill-paid': 'The bill was already paid',
  'not-sgd': 'Not in Singapore dollars',
  'unaccounted-charge': 'A card charge no payment of ours accounts for',
} as const;
export type UnmatchedReason = keyof typeof UNMATCHED_REASON_TEXT;

/**
 * One payment nothing matched, kept for a supervisor: a PayNow credit in the operator's account, or
 * a card charge the gateway made that no record of ours accounts for.
 */
export const unmatchedPaymentSchema = z.object({
  id: z.string(),
  source: z.enum(['bank', 'gateway']),
  /** The payer's reference (PayNow), or the payment attempt the charge names (card). */
  reference: z.string(),
  amountCents: z.number(),
  /** When the bank credited it, or the gateway charged it. */
  settledAt: z.string(),
  reason: z.enum(['unknown-reference', 'bill-paid', 'not-sgd', 'unaccounted-charge']),
  /** The bill its reference named, with its customer, when it named one. */
  bill: z.nullable(
    z.object({
      id: z.string(),
      number: z.string(),
      customer: z.object({ id: z.string(), name: z.string(), email: z.nullable(z.string()) }),
    }),
  ),
});
export type UnmatchedPayment = z.infer<typeof unmatchedPaymentSchema>;

/** GET /api/v1/staff/payments/unmatched: the open ones, oldest first, and how old the oldest is. */
export const unmatchedPaymentsSchema = z.object({
  items: z.array(unmatchedPaymentSchema),
  /** Seconds since the oldest open one was credited; null when none is open. */
  oldestAgeSeconds: z.nullable(z.number()),
});
export type UnmatchedPayments = z.infer<typeof unmatchedPaymentsSchema>;
