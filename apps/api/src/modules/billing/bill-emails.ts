import { cardNameForSms, type Locale } from '@selfcare/domain';
import { z } from 'zod';
import type { Brand } from '../../config.ts';
import {
  button,
  defineEmailTemplates,
  escapeHtml,
  everyLinked,
  greeting,
  layout,
  type Notice,
  type Rendered,
  renderNotice,
  textFooter,
} from '../notifications/index.ts';
import { texts } from './texts.ts';

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
   * `queueNotices` chooses the customer's language (ADR 0055) and has the sender write the month and
   * the day in it.
   */
  z.object({
    template: z.literal('bill-payment-receipt'),
    name: z.string(),
    billNumber: z.string(),
    /** The bill's month, written out: 'October 2026'. */
    month: z.string(),
    amount: z.string(),
    /** 'VISA •••• 4242', 'PayNow', or 'your card' (RECEIPT_SOME_CARD) when the card is not known. */
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
  // Every bill email is kept for the inbox, linked to /bills.
  inbox: everyLinked<BillEmail>(billEmailSchemas),
  // Pushed too: a bill issued, a payment failed or received.
  push: ['bill-issued', 'bill-deduction-failed', 'bill-payment-receipt'],
  render: (brand, t, locale = 'en') => {
    if (t.template === 'bill-issued') return billIssued(brand, t, locale);
    if (t.template === 'bill-deduction-failed' || t.template === 'bill-overdue')
      return renderNotice(
        brand,
        t.name,
        {
          ...billNoticeOf(brand, t, locale),
          link: t.link,
          linkLabel: texts.t(locale, 'notice.payBill'),
        },
        locale,
      );
    return renderNotice(brand, t.name, moneyNoticeOf(t, locale), locale);
  },
});

/** What the receipt says a payment was made with when the card is not known. */
export const RECEIPT_SOME_CARD = 'your card';

/** A payment's receipt, a revised bill, a credit given. */
function moneyNoticeOf(
  t: Extract<BillEmail, { template: 'bill-payment-receipt' | 'bill-revised' | 'credit-given' }>,
  locale: Locale,
): Notice {
  const { date } = t;
  switch (t.template) {
    case 'bill-payment-receipt': {
      const { month } = t;
      return {
        subject: texts.t(locale, 'receipt.subject', { month, amount: t.amount }),
        paragraphs: [
          texts.t(locale, 'receipt.thanks', { reference: t.reference }),
          texts.t(locale, 'receipt.paid', {
            billNumber: t.billNumber,
            month,
            amount: t.amount,
            paidWith: t.paidWith === RECEIPT_SOME_CARD ? texts.t(locale, 'receipt.yourCard') : t.paidWith,
            date,
          }),
          t.left === '$0.00'
            ? texts.t(locale, 'receipt.paidInFull')
            : texts.t(locale, 'receipt.left', { left: t.left }),
        ],
        link: t.link,
        linkLabel: texts.t(locale, 'notice.seeBills'),
      };
    }
    case 'bill-revised': {
      const { month } = t;
      const totals = { wasTotal: t.wasTotal, total: t.total };
      return {
        subject: texts.t(locale, 'revised.subject', { month, total: t.total }),
        paragraphs: [
          texts.t(locale, 'revised.taken', {
            waived: t.waived,
            amount: t.amount,
            billNumber: t.billNumber,
            month,
            date,
          }),
          t.left === '$0.00'
            ? texts.t(locale, 'revised.nothingLeft', totals)
            : texts.t(locale, 'revised.left', { ...totals, left: t.left }),
          texts.t(locale, 'revised.same'),
        ],
        link: t.link,
        linkLabel: texts.t(locale, 'issued.seeBill'),
      };
    }
    case 'credit-given':
      return {
        subject: texts.t(locale, 'credit.subject', { amount: t.amount }),
        paragraphs: [
          t.for
            ? texts.t(locale, 'credit.givenFor', { amount: t.amount, charge: t.for, date })
            : texts.t(locale, 'credit.given', { amount: t.amount, date }),
          texts.t(locale, 'credit.next'),
        ],
        link: t.link,
        linkLabel: texts.t(locale, 'notice.seeBills'),
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
  locale: Locale,
): { subject: string; paragraphs: string[] } {
  if (t.template === 'bill-deduction-failed')
    return {
      subject: texts.t(locale, 'deductionFailed.subject', { month: t.month }),
      paragraphs: deductionFailedEmail(t, locale),
    };
  return {
    subject: texts.t(locale, 'overdue.subject', { month: t.month }),
    paragraphs: [overdueNoticeText(brand, t, locale)],
  };
}

/**
 * A failed deduction's email: the spec's words ('Payment deduction failed.', BillMessages), the card
 * tried, the bill and the amount, when the card is tried again, and what the customer can do
 * meanwhile on their bills page.
 */
function deductionFailedEmail(
  t: Extract<BillEmail, { template: 'bill-deduction-failed' }>,
  locale: Locale,
): string[] {
  const facts = { amount: t.amount, month: t.month, billNumber: t.billNumber };
  // An email queued before the card was named says 'your saved card', as the SMS does.
  const card = t.card === undefined ? texts.t(locale, 'deductionFailed.savedCard') : t.card;
  const what = card
    ? [
        texts.t(locale, 'deductionFailed.emailCard', { ...facts, card }),
        texts.t(locale, 'deductionFailed.advice'),
      ]
    : [texts.t(locale, 'deductionFailed.emailNoCard', facts)];
  const next = t.retryOn
    ? texts.t(locale, card ? 'deductionFailed.retryCard' : 'deductionFailed.retryNoCard', {
        retryOn: t.retryOn,
      })
    : texts.t(locale, 'deductionFailed.last');
  return [...what, next];
}

/**
 * A card as an SMS names it: 'VISA ending 4242' (cardNameForSms: the receipts' '••••' is outside
 * GSM-7), '尾号 4242 的 VISA 卡' and so on in the other languages.
 */
function cardInSms(card: string, locale: Locale): string {
  const named = /^(.+?)\s*•+\s*(\S+)$/.exec(card);
  return named
    ? texts.t(locale, 'smsCard', { cardBrand: named[1] as string, last4: named[2] as string })
    : cardNameForSms(card);
}

/**
 * What a failed card deduction says by SMS (the spec's words first), in `locale`, with its values
 * written in it; the email says more.
 */
export function deductionFailedText(
  brand: Brand,
  d: { month: string; billNumber: string; amount: string; retryOn: string | null; card: string | null },
  locale: Locale = 'en',
): string {
  const then = d.retryOn
    ? texts.t(locale, 'deductionFailed.smsRetry', { retryOn: d.retryOn })
    : texts.t(locale, 'deductionFailed.smsLast');
  const facts = { brand: brand.name, amount: d.amount, month: d.month, billNumber: d.billNumber, then };
  // Without a card on file there is no card to check: say what is missing instead.
  return d.card
    ? texts.t(locale, 'deductionFailed.smsCard', { ...facts, card: cardInSms(d.card, locale) })
    : texts.t(locale, 'deductionFailed.smsNoCard', facts);
}

/** What the overdue notice says, by SMS and as the email's paragraph, in `locale`. */
export function overdueNoticeText(
  brand: Brand,
  d: { month: string; billNumber: string; amount: string; fee: string; dueOn: string },
  locale: Locale = 'en',
): string {
  return texts.t(locale, 'overdue.text', {
    brand: brand.name,
    month: d.month,
    billNumber: d.billNumber,
    amount: d.amount,
    fee: d.fee,
    dueOn: d.dueOn,
  });
}
