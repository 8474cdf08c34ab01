import { z } from 'zod/mini';
import { BILL_PAYMENT_METHODS, BILL_PAYMENT_STATES, BILL_STATUSES } from '../billing.ts';

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
  /** Unpaid 10 days after its due date (overdueOn): the overdue notice fee was charged for it. */
  overdue: z.boolean(),
  /** The day ('YYYY-MM-DD', Singapore) the latest automatic card deduction of the unpaid bill failed. */
  deductionFailedOn: z.nullable(z.string()),
  /**
   * After a failed deduction, the day ('YYYY-MM-DD', Singapore) the saved card is tried again (ADR
   * 0023's ladder); null when none failed or no try is left.
   */
  nextDeductionOn: z.nullable(z.string()),
};

/** The card bills are paid with: holder, brand, funding type, last four and expiry (the spec's Profile card). */
export const savedCardSchema = z.object({
  holderName: z.string(),
  brand: z.string(),
  funding: z.string(),
  last4: z.string(),
  expMonth: z.number(),
  expYear: z.number(),
});
export type SavedCardView = z.infer<typeof savedCardSchema>;

/**
 * A one-time purchase paid at once by the saved card (a booster, a top-up, a roaming pack), or its
 * refund, as /bills lists it with the payments: money that left or came back to the card outside
 * a bill (ADR 0024).
 */
export const cardPurchaseSchema = z.object({
  /** The purchase's id; its refund's is the same with ':refund' after it. */
  id: z.string(),
  kind: z.enum(['purchase', 'refund']),
  /** When it was paid, or refunded. */
  at: z.string(),
  /** What was bought: the product's name. */
  description: z.string(),
  /** The line it was bought for. */
  msisdn: z.string(),
  /** GST included; a refund is negative. */
  amountCents: z.number(),
  /** A purchase given back reads `refunded`, as its refund does. */
  status: z.enum(['paid', 'refunded']),
  /** The card charged or refunded: 'VISA •••• 4242'. */
  card: z.nullable(z.string()),
});
export type CardPurchase = z.infer<typeof cardPurchaseSchema>;

/** GET /api/v1/bills: the latest bills, newest first, at most `shown` of them (the spec's N). */
export const billListSchema = z.object({
  bills: z.array(z.object(billHead)),
  shown: z.number(),
  /** The card on file that a bill is paid with, as the spec's Profile lists it; null without one. */
  card: z.nullable(savedCardSchema),
  /** One-time card purchases and their refunds, newest first. */
  payments: z.array(cardPurchaseSchema),
});
export type BillList = z.infer<typeof billListSchema>;
export type BillSummary = BillList['bills'][number];

/**
 * The parts of a charge whose words name a day or a month, kept beside its English reason so that
 * a page writes them in its language (`describeCharge`):
 * - `part`: a monthly price for part of a month, from `from` ('YYYY-MM-DD'), `days` of `monthDays`;
 * - `late`: use of `month` ('YYYY-MM') that reached the bill run late, `what` being one of
 *   `ChargeMessages.usage`;
 * - `credit`: a credit staff gave for a charge that has words of its own (`of`): they hold no one's
 *   number, which a reason may ('SIM replacement for 8123 4567');
 * - `items`: an order's fees billed together, each its quote's label (`QuoteMessages`).
 */
const ownWordsSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('part'),
    name: z.string(),
    from: z.string(),
    days: z.number(),
    monthDays: z.number(),
  }),
  z.object({ kind: z.literal('late'), what: z.string(), month: z.string() }),
  z.object({ kind: z.literal('items'), items: z.array(z.string()), orderNumber: z.string() }),
]);
export const chargeWordsSchema = z.union([
  ownWordsSchema,
  z.object({ kind: z.literal('credit'), of: ownWordsSchema }),
]);
export type ChargeWords = z.infer<typeof chargeWordsSchema>;

export const billItemSchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** What the charge says, in English (the reason on the ledger). */
  description: z.string(),
  /** Its parts when it names a day or a month, so that a page writes them in its language. */
  words: z.nullable(chargeWordsSchema),
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
  /** What the previous bill said was due. */
  previousBalanceCents: z.number(),
  /** Payments received since the previous bill. */
  paymentsCents: z.number(),
  /** Previous balance − payments + this month's charges (billTotalDue): earlier unpaid bills included. */
  totalDueCents: z.number(),
  gstPercent: z.number(),
  gstCents: z.number(),
  paidCents: z.number(),
  paidAt: z.nullable(z.string()),
  /**
   * Set when a charge was waived after the bill was issued (ADR 0039): the day ('YYYY-MM-DD',
   * Singapore) and the bill's total as issued. The bill keeps its number and says so.
   */
  revision: z.nullable(z.object({ on: z.string(), issuedTotalCents: z.number() })),
});
export type BillDetail = z.infer<typeof billDetailSchema>;

/** A payment of a bill as the customer follows it: /bills/billResult reads it. */
export const billPaymentSchema = z.object({
  id: z.string(),
  billId: z.string(),
  billNumber: z.string(),
  month: z.string(),
  method: z.enum(BILL_PAYMENT_METHODS),
  amountCents: z.number(),
  status: z.enum(BILL_PAYMENT_STATES),
  /** The card's brand and last four, for a card payment. */
  card: z.nullable(z.string()),
  /** Why it failed, in the spec's words, and what to do. */
  message: z.nullable(z.string()),
  advice: z.nullable(z.string()),
});
export type BillPayment = z.infer<typeof billPaymentSchema>;

/** POST /api/v1/bills/{id}/paynow: a fresh PayNow QR for what is left to pay on the bill. */
export const payNowQrSchema = z.object({
  /** The SGQR text, for apps that read it rather than scan. */
  payload: z.string(),
  /** The QR as SVG, drawn by the server so the page carries no QR library. */
  svg: z.string(),
  uen: z.string(),
  reference: z.string(),
  amountCents: z.number(),
  expiresOn: z.string(),
  /** The spec's rules that apply today. */
  notices: z.array(z.string()),
});
export type PayNowQr = z.infer<typeof payNowQrSchema>;
