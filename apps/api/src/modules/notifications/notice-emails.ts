import { formatSgMobile } from '@selfcare/domain';
import { z } from 'zod';
import type { Brand } from '../../config.ts';
import type { Notice } from './email-layout.ts';

/** What a security alert tells of: a change to the account or to one of its lines. */
export const securityEvents = [
  'card-changed',
  'number-changed',
  'termination',
  'suspended',
  'unsuspended',
  'sim-blocked',
] as const;
export type SecurityEvent = (typeof securityEvents)[number];

/**
 * Receipts for money paid outside a one-time purchase (a bill, by card or PayNow), a bill revised or a
 * credit given by our staff, notices of a change to a line that the customer asked for (a plan
 * change, a monthly product), and security alerts (ADR 0038). Each is queued in the transaction that records what it tells of, so it is sent
 * once, and only of what was recorded. None carries a secret: a card is its brand and last four.
 */
export const noticeEmailSchemas = [
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
  z.object({
    template: z.literal('line-change'),
    name: z.string(),
    msisdn: z.string(),
    /** What changed, written whole: 'Your plan changes from Lite 20GB to Plus 150GB on 1 December 2026.' */
    what: z.string(),
    /** What it costs and how it is paid, when it costs something: 'It is charged on your bill…'. */
    cost: z.string().optional(),
    link: z.string(),
  }),
  z.object({
    template: z.literal('security-alert'),
    name: z.string(),
    event: z.enum(securityEvents),
    msisdn: z.string().optional(),
    /** The new number, the new card ('VISA •••• 4242'), or the day a line ends. */
    detail: z.string().optional(),
    /** When, written in Singapore time. */
    at: z.string(),
    /** Set when our support team made the change (an unsuspension), not the customer online. */
    by: z.literal('support').optional(),
    link: z.string(),
  }),
] as const;
export type NoticeEmail = z.infer<(typeof noticeEmailSchemas)[number]>;
type SecurityAlert = Extract<NoticeEmail, { template: 'security-alert' }>;

/** What changed, in one sentence, as the alert's email and its SMS both say it. */
function securityWhat(a: Pick<SecurityAlert, 'event' | 'msisdn' | 'detail' | 'at'>): string {
  const line = a.msisdn ? formatSgMobile(a.msisdn) : 'your line';
  switch (a.event) {
    case 'card-changed':
      return `The card your bills are paid with was changed to ${a.detail ?? 'a new card'} on ${a.at}.`;
    case 'number-changed':
      return `The number of your line ${line} was changed to ${a.detail ? formatSgMobile(a.detail) : 'a new number'} on ${a.at}. The old number no longer works.`;
    case 'termination':
      return `Your line ${line} was asked to end${a.detail ? ` on ${a.detail}` : ''}. This was asked on ${a.at}.`;
    case 'suspended':
      return `Your line ${line} was suspended on ${a.at}: it cannot make or take calls, SMS or data.`;
    case 'unsuspended':
      return `Your line ${line} was unsuspended on ${a.at}: it works again.`;
    case 'sim-blocked':
      return `The SIM of your line ${line} was blocked as lost or stolen on ${a.at}, and a replacement was asked for.`;
  }
}

const SUBJECTS: Record<SecurityEvent, string> = {
  'card-changed': 'Your payment card was changed',
  'number-changed': 'Your line’s number was changed',
  termination: 'Your line is ending',
  suspended: 'Your line was suspended',
  unsuspended: 'Your line was unsuspended',
  'sim-blocked': 'Your SIM was blocked',
};

/** What to do if it was not them: the support contact comes from configuration (BRAND's). */
const notYou = (brand: Brand) =>
  `If this was not you, call us at once on ${brand.supportPhone} or email ${brand.supportEmail}, and change your ${brand.name} password.`;

/** A security alert's SMS: what changed and whom to call if it was not them. */
export function renderSecurityAlertSms(
  brand: Brand,
  a: Pick<SecurityAlert, 'event' | 'msisdn' | 'detail' | 'at' | 'by'>,
): string {
  return a.by === 'support'
    ? `${brand.name}: ${securityWhat(a)} Our support team made this change. Did not ask for it? Call ${brand.supportPhone} now.`
    : `${brand.name}: ${securityWhat(a)} Not you? Call ${brand.supportPhone} now.`;
}

/** What to do about a change support made: only something if the customer never asked for it. */
const notAsked = (brand: Brand) =>
  `Our support team made this change. If you did not ask for it, call us at once on ${brand.supportPhone} or email ${brand.supportEmail}.`;

export function noticeOf(brand: Brand, t: NoticeEmail): Notice {
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
    case 'line-change':
      return {
        subject: `A change to your line ${formatSgMobile(t.msisdn)}`,
        paragraphs: [t.what, ...(t.cost ? [t.cost] : []), notYou(brand)],
        link: t.link,
        linkLabel: 'See your line',
      };
    case 'security-alert':
      return {
        subject: `${SUBJECTS[t.event]}${t.msisdn ? `: ${formatSgMobile(t.msisdn)}` : ''}`,
        paragraphs:
          t.by === 'support'
            ? [securityWhat(t), notAsked(brand)]
            : [securityWhat(t), 'If it was you, you do not need to do anything.', notYou(brand)],
        link: t.link,
        linkLabel: 'Go to your account',
      };
  }
}
