import { z } from 'zod/mini';
import { BILL_STATUSES } from '../billing.ts';

const billHead = {
  id: z.string(),
  /** What the customer quotes and PayNow carries as the reference. */
  number: z.string(),
  /** The month billed, 'YYYY-MM'. */
  month: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  issuedOn: z.string(),
  dueOn: z.string(),
  /** This bill's charges, GST included. */
  totalCents: z.number(),
  /** What is left to pay on it. */
  outstandingCents: z.number(),
  status: z.enum(BILL_STATUSES),
};

/** GET /api/v1/bills: the latest bills, newest first, at most `shown` of them (the spec's N). */
export const billListSchema = z.object({
  bills: z.array(z.object(billHead)),
  shown: z.number(),
});
export type BillList = z.infer<typeof billListSchema>;
export type BillSummary = BillList['bills'][number];

export const billItemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  description: z.string(),
  amountCents: z.number(),
  /** Waived by the operator: shown, and counted as nothing. */
  waived: z.boolean(),
});
export type BillItem = z.infer<typeof billItemSchema>;

/** GET /api/v1/bills/{id}: one bill with its items per line and for the account. */
export const billDetailSchema = z.object({
  ...billHead,
  lines: z.array(
    z.object({
      lineId: z.string(),
      msisdn: z.string(),
      planName: z.string(),
      items: z.array(billItemSchema),
      subtotalCents: z.number(),
    }),
  ),
  accountItems: z.array(billItemSchema),
  previousBalanceCents: z.number(),
  paymentsCents: z.number(),
  gstPercent: z.number(),
  gstCents: z.number(),
  paidCents: z.number(),
  paidAt: z.nullable(z.string()),
});
export type BillDetail = z.infer<typeof billDetailSchema>;
