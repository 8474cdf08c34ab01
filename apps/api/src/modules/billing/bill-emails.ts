import { BillMessages, cardNameForSms, type Locale } from '@selfcare/domain';
import { z } from 'zod';
import type { Brand } from '../../config.ts';
import { defineTexts } from '../../texts.ts';
import {
  button,
  defineEmailTemplates,
  escapeHtml,
  greeting,
  layout,
  type Notice,
  type Rendered,
  renderNotice,
  textFooter,
} from '../notifications/index.ts';
import en from './locales/en.json' with { type: 'json' };
import ms from './locales/ms.json' with { type: 'json' };
import ta from './locales/ta.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };

/** Billing's words in the four languages (ADR 0055); the bill's email is the first written in all. */
const texts = defineTexts(en, { zh, ms, ta });

/**
 * Billing's emails (ADR 0023), its own templates (ADR 0048): the month's bill is out, and a bill the
 * customer has not paid: its card deduction failed, or it is overdue, with its notice fee.
 */
export const billEmailSchemas = [
  /** The month's bill is out (ADR 0023): its amount, its due date and how it is paid. */
  z.object({
    template: z.literal('bill-issued'),
    name: z.string(),
    month: z.string(),
    billNumber: z.string(),
    amount: z.string(),
    dueOn: z.string(),
    /** Nothing to pay: the bill is for the record. */
    nothingDue: z.boolean(),
    /** Left unpaid on earlier bills when this one was made, and the total due with it. */
    earlierUnpaid: z.string().optional(),
    totalDue: z.string().optional(),
    link: z.string(),
  }),
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
  /**
   * Money paid on a bill (by card or PayNow), a bill revised by a waiver, a credit given by our staff
   * (ADR 0038, 0039, 0043): queued through `queueNotices` in the transaction that records it.
   */
  z.object({
    template: z.literal('bill-payment-receipt'),
    name: z.string(),
    billNumber: z.string(),
    /** The bill's month, written out: 'October 2026'. */
    month: z.string(),
    amount: z.string(),
    /** 'VISA •••• 4242' or 'PayNow'. */
    paidWith: z.string(),
    date: z.string(),
    /** The payment's own reference: the gateway's charge or the bank's credit, shortened. */
    reference: z.string(),
    /** What is still owed on the bill after it ('$0.00' when paid in full). */
    left: z.string(),
    link: z.string(),
  }),
  z.object({
    template: z.literal('bill-revised'),
    name: z.string(),
    billNumber: z.string(),
    month: z.string(),
    /** The charge taken off, as the bill lists it, and its amount. */
    waived: z.string(),
    amount: z.string(),
    /** The bill's total as issued, and as it is now. */
    wasTotal: z.string(),
    total: z.string(),
    /** What is still to pay on it. */
    left: z.string(),
    date: z.string(),
    link: z.string(),
  }),
  z.object({
    template: z.literal('credit-given'),
    name: z.string(),
    /** The credit: '$5.50'. */
    amount: z.string(),
    /** The charge it makes good, as the bill lists it; none for a goodwill credit. */
    for: z.string().optional(),
    date: z.string(),
    link: z.string(),
  }),
] as const;
export type BillEmail = z.infer<(typeof billEmailSchemas)[number]>;

declare module '../notifications/index.ts' {
  interface ModuleEmails {
    billing: BillEmail;
  }
}

/** Billing's templates, which billing adds to notifications' as it starts. */
export const billEmails = defineEmailTemplates<BillEmail>({
  schemas: billEmailSchemas,
  render: (brand, t, locale = 'en') => {
    if (t.template === 'bill-issued') return billIssued(brand, t, locale);
    if (t.template === 'bill-deduction-failed' || t.template === 'bill-overdue')
      return renderNotice(brand, t.name, {
        ...billNoticeOf(brand, t),
        link: t.link,
        linkLabel: 'Pay your bill',
      });
    return renderNotice(brand, t.name, moneyNoticeOf(t));
  },
});

/** A payment's receipt, a revised bill, a credit given. */
function moneyNoticeOf(
  t: Extract<BillEmail, { template: 'bill-payment-receipt' | 'bill-revised' | 'credit-given' }>,
): Notice {
  switch (t.template) {
    case 'bill-payment-receipt':
      return {
        subject: `Receipt for your ${t.month} bill: ${t.amount}`,
        paragraphs: [
          `Thank you for your payment. Receipt ${t.reference}.`,
          `Bill ${t.billNumber} for ${t.month}: ${t.amount} paid with ${t.paidWith} on ${t.date}.`,
          t.left === '$0.00' ? 'Your bill is paid in full.' : `Still to pay on this bill: ${t.left}.`,
        ],
        link: t.link,
        linkLabel: 'See your bills',
      };
    case 'bill-revised':
      return {
        subject: `Your ${t.month} bill is now ${t.total}`,
        paragraphs: [
          `We have taken ${t.waived} (${t.amount}) off your bill ${t.billNumber} for ${t.month} on ${t.date}.`,
          `The bill was ${t.wasTotal} and is now ${t.total}. ${t.left === '$0.00' ? 'Nothing is left to pay on it.' : `Still to pay on it: ${t.left}.`}`,
          'The bill keeps its number; the revised bill is on your bills page, and its PDF says what changed.',
        ],
        link: t.link,
        linkLabel: 'See your bill',
      };
    case 'credit-given':
      return {
        subject: `A credit of ${t.amount} off your next bill`,
        paragraphs: [
          `We have given you a credit of ${t.amount}${t.for ? ` for ${t.for}` : ''} on ${t.date}.`,
          'It comes off your next bill; if it is more than that bill, the rest comes off the bill after it. You do not need to do anything.',
        ],
        link: t.link,
        linkLabel: 'See your bills',
      };
  }
}

function billIssued(
  brand: Brand,
  t: Extract<BillEmail, { template: 'bill-issued' }>,
  locale: Locale,
): Rendered {
  const subject = texts.t(locale, 'issued.subject', { month: t.month, amount: t.amount });
  const what = t.nothingDue
    ? texts.t(locale, 'issued.nothingDue', { billNumber: t.billNumber, month: t.month })
    : texts.t(locale, 'issued.due', {
        billNumber: t.billNumber,
        month: t.month,
        amount: t.amount,
        dueOn: t.dueOn,
        // A customer must not read this bill's amount as all they owe.
        earlier: t.earlierUnpaid ? 'yes' : 'no',
        earlierUnpaid: t.earlierUnpaid ?? '',
        totalDue: t.totalDue ?? '',
      });
  const hi = greeting(t.name, locale);
  const see = texts.t(locale, 'issued.seeBill');
  return {
    subject,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(hi)}</p><p>${escapeHtml(what)}</p>${button(t.link, see)}`,
      locale,
    ),
    text: `${hi}\n\n${what}\n\n${texts.t(locale, 'issued.seeBillText', { link: t.link })}${textFooter(brand, locale)}`,
  };
}

function billNoticeOf(
  brand: Brand,
  t: Extract<BillEmail, { template: 'bill-deduction-failed' | 'bill-overdue' }>,
): { subject: string; paragraphs: string[] } {
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
    ? `${brand.name}: Payment deduction failed. We could not charge ${bill} to ${cardNameForSms(d.card)}. Please check your card details or balance, or use another card. ${then}`
    : `${brand.name}: Payment deduction failed. We could not charge ${bill}: there is no card saved on your account. Please save one in the portal. ${then}`;
}

/** What the overdue notice says, by SMS and as the email's paragraph. */
export function overdueNoticeText(
  brand: Brand,
  d: { month: string; billNumber: string; amount: string; fee: string; dueOn: string },
): string {
  return `${brand.name}: Overdue notice. Your ${d.month} bill (${d.billNumber}) of ${d.amount} was due on ${d.dueOn} and is still unpaid. An overdue notice fee of ${d.fee} goes on your next bill. Please pay now in the portal by card or PayNow.`;
}
