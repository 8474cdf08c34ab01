import { cardNameForSms, formatSgMobile } from '@selfcare/domain';
import { z } from 'zod';
import type { Brand } from '../../config.ts';
import { defineEmailTemplates, type Notice, notYou, renderNotice } from '../notifications/index.ts';

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
 * The emails about the account's email address (ADR 0026): the link to the new address, and the
 * notice to the old one; and the security alert (ADR 0038) of a change to the account or one of its
 * lines, which other modules queue through `queueNotices`, with its SMS.
 */
const schemas = [
  /** The link that makes this address the account's login; sent to the new address. */
  z.object({ template: z.literal('change-email'), name: z.string(), link: z.string(), hours: z.number() }),
  /** Told to the account's address when someone asks to change it to `newEmail`. */
  z.object({
    template: z.literal('email-change-requested'),
    name: z.string(),
    newEmail: z.string(),
    hours: z.number(),
    resetLink: z.string(),
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
export type AuthEmail = z.infer<(typeof schemas)[number]>;

declare module '../notifications/index.ts' {
  interface ModuleEmails {
    auth: AuthEmail;
  }
}

type SecurityAlert = Extract<AuthEmail, { template: 'security-alert' }>;

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

/** A security alert's SMS: what changed and whom to call if it was not them. */
export function renderSecurityAlertSms(
  brand: Brand,
  a: Pick<SecurityAlert, 'event' | 'msisdn' | 'detail' | 'at' | 'by'>,
): string {
  const what = securityWhat(
    a.event === 'card-changed' && a.detail ? { ...a, detail: cardNameForSms(a.detail) } : a,
  );
  return a.by === 'support'
    ? `${brand.name}: ${what} Our support team made this change. Did not ask for it? Call ${brand.supportPhone} now.`
    : `${brand.name}: ${what} Not you? Call ${brand.supportPhone} now.`;
}

/** What to do about a change support made: only something if the customer never asked for it. */
const notAsked = (brand: Brand) =>
  `Our support team made this change. If you did not ask for it, call us at once on ${brand.supportPhone} or email ${brand.supportEmail}.`;

function noticeOf(brand: Brand, t: AuthEmail): Notice {
  switch (t.template) {
    case 'change-email':
      return {
        subject: `Confirm your new email address for ${brand.name}`,
        paragraphs: [
          `You asked to use this email address to log in to your ${brand.name} account. Please confirm it.`,
          `The link works once and expires in ${t.hours} hours. Until you open it, your account keeps its current email address. If you did not ask for this, ignore this email.`,
        ],
        link: t.link,
        linkLabel: 'Confirm new email',
      };
    case 'email-change-requested':
      return {
        subject: `A change of your ${brand.name} email address was asked for`,
        paragraphs: [
          `Someone signed in to your ${brand.name} account asked to change its email address to ${t.newEmail}. Nothing changes until a link we sent to that address is opened, within ${t.hours} hours; from then on, that address is the one to log in with.`,
          'If it was you, you do not need to do anything.',
          'If it was not you, someone knows your password: reset it now. A new password cancels the change.',
        ],
        link: t.resetLink,
        linkLabel: 'Reset your password',
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

/** Auth's templates, which auth adds to notifications' as it starts (ADR 0048). */
export const authEmails = defineEmailTemplates<AuthEmail>({
  schemas,
  render: (brand, t) => renderNotice(brand, t.name, noticeOf(brand, t)),
});
