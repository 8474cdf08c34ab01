import { BillMessages } from '@selfcare/domain';
import { z } from 'zod';
import type { Brand } from '../../config.ts';

/**
 * Emails about a bill the customer has not paid (ADR 0023): its card deduction failed, or it is
 * overdue, with its notice fee.
 */
export const billEmailSchemas = [
  z.object({
    template: z.literal('bill-deduction-failed'),
    name: z.string(),
    month: z.string(),
    billNumber: z.string(),
    amount: z.string(),
    /**
     * The card tried, as receipts name it: 'VISA •••• 4242'; null when none was on file. Absent in
     * emails queued before it was named.
     */
    card: z.string().nullable().optional(),
    /** The day of the next try, written out; null after the last. */
    retryOn: z.string().nullable(),
    link: z.string(),
  }),
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
  if (t.template === 'bill-deduction-failed')
    return { subject: `Payment deduction failed: your ${t.month} bill`, paragraphs: deductionFailedEmail(t) };
  return { subject: `Overdue notice: your ${t.month} bill`, paragraphs: [overdueNoticeText(brand, t)] };
}

/**
 * A failed deduction's email: the spec's words, the card tried, the bill and the amount, when the
 * card is tried again, and what the customer can do meanwhile on their bills page.
 */
function deductionFailedEmail(t: Extract<BillEmail, { template: 'bill-deduction-failed' }>): string[] {
  const bill = `your ${t.month} bill ${t.billNumber}`;
  // An email queued before the card was named says 'your saved card', as the SMS does.
  const card = t.card === undefined ? 'your saved card' : t.card;
  const what = card
    ? [
        `${BillMessages.deductionFailed} We could not charge ${t.amount} for ${bill} to ${card}.`,
        BillMessages.deductionFailedAdvice,
      ]
    : [
        `${BillMessages.deductionFailed} We could not charge ${t.amount} for ${bill}: there is no card saved on your account.`,
      ];
  const meanwhile = card
    ? 'pay the bill now by card or PayNow, or change the card your bills are charged to'
    : 'pay the bill now by card or PayNow, or add a card for your bills';
  const next = t.retryOn
    ? `We will try ${card ? 'your card ' : ''}again on ${t.retryOn}. Before then you can ${meanwhile}, on your bills page.`
    : 'We will not try again. Please pay the bill now by card or PayNow on your bills page: unpaid bills are charged an overdue notice fee.';
  return [...what, next];
}

/** What a failed card deduction says by SMS (the spec's words first); the email says more. */
export function deductionFailedText(
  brand: Brand,
  d: { month: string; billNumber: string; amount: string; retryOn: string | null; card: string | null },
): string {
  const then = d.retryOn
    ? `We will try again on ${d.retryOn}, or you can pay it now in the portal by card or PayNow.`
    : 'Please pay it in the portal by card or PayNow: unpaid bills are charged an overdue notice fee.';
  const bill = `${d.amount} for your ${d.month} bill (${d.billNumber})`;
  // Without a card on file there is no card to check: say what is missing instead.
  return d.card
    ? `${brand.name}: Payment deduction failed. We could not charge ${bill} to ${d.card}. Please check your card details or balance, or use another card. ${then}`
    : `${brand.name}: Payment deduction failed. We could not charge ${bill}: there is no card saved on your account. Please save one in the portal. ${then}`;
}

/** What the overdue notice says, by SMS and as the email's paragraph. */
export function overdueNoticeText(
  brand: Brand,
  d: { month: string; billNumber: string; amount: string; fee: string; dueOn: string },
): string {
  return `${brand.name}: Overdue notice. Your ${d.month} bill (${d.billNumber}) of ${d.amount} was due on ${d.dueOn} and is still unpaid. An overdue notice fee of ${d.fee} goes on your next bill. Please pay now in the portal by card or PayNow.`;
}
