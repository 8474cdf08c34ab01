import { z } from 'zod';
import type { Brand } from '../../config.ts';

/** Emails about a bill the customer has not paid (ADR 0023): overdue, with its notice fee. */
export const billEmailSchemas = [
  z.object({
    template: z.literal('bill-overdue'),
    name: z.string(),
    month: z.string(),
    billNumber: z.string(),
    amount: z.string(),
    fee: z.string(),
    dueOn: z.string(),
    link: z.string(),
  }),
] as const;
export type BillEmail = z.infer<(typeof billEmailSchemas)[number]>;

export function billNoticeOf(brand: Brand, t: BillEmail): { subject: string; paragraphs: string[] } {
  return { subject: `Overdue notice: your ${t.month} bill`, paragraphs: [overdueNoticeText(brand, t)] };
}

/** What a failed card deduction says, by SMS and as the email's paragraph (the spec's words first). */
export function deductionFailedText(
  brand: Brand,
  d: { month: string; billNumber: string; amount: string; retryOn: string | null },
): string {
  const then = d.retryOn
    ? `We will try again on ${d.retryOn}, or you can pay it now in the portal by card or PayNow.`
    : 'Please pay it in the portal by card or PayNow: unpaid bills are charged an overdue notice fee.';
  return `${brand.name}: Payment deduction failed. We could not charge ${d.amount} for your ${d.month} bill (${d.billNumber}) to your saved card. Please check your card details or balance, or use another card. ${then}`;
}

/** What the overdue notice says, by SMS and as the email's paragraph. */
export function overdueNoticeText(
  brand: Brand,
  d: { month: string; billNumber: string; amount: string; fee: string; dueOn: string },
): string {
  return `${brand.name}: Overdue notice. Your ${d.month} bill (${d.billNumber}) of ${d.amount} was due on ${d.dueOn} and is still unpaid. An overdue notice fee of ${d.fee} goes on your next bill. Please pay now in the portal by card or PayNow.`;
}
