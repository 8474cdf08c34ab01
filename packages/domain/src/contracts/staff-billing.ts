import { z } from 'zod/mini';
import { BILL_PAYMENT_METHODS, BILL_PAYMENT_STATES, BILL_STATUSES } from '../billing.ts';
import { cardPurchaseSchema, savedCardSchema } from './bills.ts';

/** A charge as staff see it: its line, when it was made, and who waived it and why. */
export const staffChargeSchema = z.object({
  id: z.string(),
  kind: z.string(),
  description: z.string(),
  amountCents: z.number(),
  msisdn: z.nullable(z.string()),
  createdAt: z.string(),
  waived: z.nullable(z.object({ at: z.string(), by: z.string(), reason: z.string() })),
  /** Not made yet: the next bill run makes it (a month's plan or add-on, the use so far). */
  atBillRun: z.optional(z.boolean()),
});
export type StaffCharge = z.infer<typeof staffChargeSchema>;

/**
 * A card purchase as staff see it: besides those paid and refunded, one the card's issuer declined
 * and one still waiting for the gateway's answer, so an agent can say what became of a purchase.
 */
export const staffCardPurchaseSchema = z.extend(cardPurchaseSchema, {
  status: z.enum(['paid', 'refunded', 'declined', 'charging']),
});
export type StaffCardPurchase = z.infer<typeof staffCardPurchaseSchema>;

export const staffBillPaymentSchema = z.object({
  id: z.string(),
  method: z.enum(BILL_PAYMENT_METHODS),
  attempt: z.number(),
  amountCents: z.number(),
  status: z.enum(BILL_PAYMENT_STATES),
  failureCode: z.nullable(z.string()),
  createdAt: z.string(),
  settledAt: z.nullable(z.string()),
});

/** GET /api/v1/staff/customers/{id}/billing: a customer's bills with their items and payments, and what is not billed yet. */
export const staffBillingSchema = z.object({
  customer: z.object({ id: z.string(), name: z.string(), email: z.nullable(z.string()) }),
  bills: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      month: z.string(),
      issuedOn: z.string(),
      dueOn: z.string(),
      totalCents: z.number(),
      gstCents: z.number(),
      paidCents: z.number(),
      status: z.enum(BILL_STATUSES),
      emailedAt: z.nullable(z.string()),
      items: z.array(staffChargeSchema),
      payments: z.array(staffBillPaymentSchema),
    }),
  ),
  unbilled: z.array(staffChargeSchema),
  /** The card bills and purchases are charged to, as the customer's /bills shows it; null without one. */
  card: z.nullable(savedCardSchema),
  /** One-time card purchases (declined ones too) and their refunds, newest first. */
  cardPurchases: z.array(staffCardPurchaseSchema),
});
export type StaffBilling = z.infer<typeof staffBillingSchema>;
