import { formatSgMobile } from '@selfcare/domain';
import { z } from 'zod';
import type { Brand } from '../../config.ts';

const receiptFields = {
  name: z.string(),
  /** The purchase's reference, on the receipt and on its refund's. */
  receipt: z.string(),
  product: z.string(),
  msisdn: z.string(),
  /** GST included. */
  amount: z.string(),
  /** The card as the customer knows it: 'VISA •••• 4242'. */
  card: z.string(),
  /** The Singapore day it was paid or refunded, written out. */
  date: z.string(),
  link: z.string(),
};

/**
 * Receipts for one-time purchases paid at once by the saved card (ADR 0024): the payment, and its
 * refund when the purchase never served. Money left the card outside a bill, so each is told.
 */
export const purchaseEmailSchemas = [
  z.object({
    template: z.literal('purchase-receipt'),
    ...receiptFields,
    gst: z.string(),
    gstPercent: z.number(),
    /**
     * A roaming pack bought to start on a later day (ADR 0041): its first and last Singapore day,
     * written out. Absent for a purchase that serves from when it is set up.
     */
    validity: z.object({ from: z.string(), to: z.string() }).optional(),
  }),
  z.object({ template: z.literal('purchase-refund'), ...receiptFields }),
] as const;
export type PurchaseEmail = z.infer<(typeof purchaseEmailSchemas)[number]>;

/** A receipt's subject and its paragraphs (the first is the receipt's own lines). */
export function purchaseNoticeOf(brand: Brand, t: PurchaseEmail): { subject: string; paragraphs: string[] } {
  if (t.template === 'purchase-receipt')
    return {
      subject: `Receipt for ${t.product}: ${t.amount}`,
      paragraphs: [
        `Thank you for your purchase. Receipt ${t.receipt}.`,
        `${t.product} for ${formatSgMobile(t.msisdn)}: ${t.amount} (includes GST ${t.gstPercent}%: ${t.gst}), paid with ${t.card} on ${t.date}.`,
        ...(t.validity ? [`Valid from ${t.validity.from} to ${t.validity.to}.`] : []),
        `It is set up on your line as soon as the network confirms it. If it cannot be set up, we refund it to your card and tell you. It is listed with your payments on your ${brand.name} bills page.`,
      ],
    };
  return {
    subject: `Refund of ${t.amount}: ${t.product}`,
    paragraphs: [
      `${t.product} for ${formatSgMobile(t.msisdn)} could not be set up on the network before the line ended or we stopped trying, so we have given back what you paid. Receipt ${t.receipt}.`,
      `Refunded ${t.amount} to ${t.card} on ${t.date}. Your bank may take a few working days to show it on your statement.`,
    ],
  };
}
