import { cardNameForSms, formatSgMobile, type Locale, pathFor } from '@selfcare/domain';
import { z } from 'zod';
import type { Brand } from '../../config.ts';
import { defineEmailTemplates, linkedPage, type Notice, renderNotice } from '../notifications/index.ts';
import { texts } from './auth-texts.ts';

/** What a security alert tells of: a change to the account or to one of its lines. */
export const securityEvents = [
  'card-changed',
  'number-changed',
  'termination',
  'suspended',
  'unsuspended',
  'sim-blocked',
  'passkey-added',
  'passkey-removed',
] as const;
export type SecurityEvent = (typeof securityEvents)[number];

/**
 * The emails about the account's email address (ADR 0026): the link to the new address, and the
 * notice to the old one; and the security alert (ADR 0038) of a change to the account or one of its
 * lines, which other modules queue through `queueNotices`, with its SMS. Each in the customer's
 * language (ADR 0055).
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
    /** The new number, the new card ('VISA •••• 4242'), the day a line ends, or a passkey's name. */
    detail: z.string().optional(),
    /** When, written in Singapore time, in the customer's language. */
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

/** A line's number, or 'your line' when the alert names none. */
const lineOf = (a: Pick<SecurityAlert, 'msisdn'>, locale: Locale) =>
  a.msisdn ? formatSgMobile(a.msisdn) : texts.t(locale, 'alert.yourLine');

/** What changed, in one sentence, as the alert's email and its SMS both say it, in `locale`. */
function securityWhat(a: Pick<SecurityAlert, 'event' | 'msisdn' | 'detail' | 'at'>, locale: Locale): string {
  const { at } = a;
  const line = lineOf(a, locale);
  switch (a.event) {
    case 'card-changed':
      return texts.t(locale, 'alert.cardChanged', {
        card: a.detail ?? texts.t(locale, 'alert.aNewCard'),
        at,
      });
    case 'number-changed':
      return texts.t(locale, 'alert.numberChanged', {
        line,
        number: a.detail ? formatSgMobile(a.detail) : texts.t(locale, 'alert.aNewNumber'),
        at,
      });
    case 'termination':
      return texts.t(locale, 'alert.termination', {
        line,
        ends: a.detail ? 'yes' : 'no',
        day: a.detail ?? '',
        at,
      });
    case 'suspended':
      return texts.t(locale, 'alert.suspended', { line, at });
    case 'unsuspended':
      return texts.t(locale, 'alert.unsuspended', { line, at });
    case 'sim-blocked':
      return texts.t(locale, 'alert.simBlocked', { line, at });
    case 'passkey-added':
    case 'passkey-removed':
      return texts.t(locale, a.event === 'passkey-added' ? 'alert.passkeyAdded' : 'alert.passkeyRemoved', {
        named: a.detail ? 'yes' : 'no',
        name: a.detail ?? '',
        at,
      });
  }
}

const SUBJECTS = {
  'card-changed': 'alert.subject.cardChanged',
  'number-changed': 'alert.subject.numberChanged',
  termination: 'alert.subject.termination',
  suspended: 'alert.subject.suspended',
  unsuspended: 'alert.subject.unsuspended',
  'sim-blocked': 'alert.subject.simBlocked',
  'passkey-added': 'alert.subject.passkeyAdded',
  'passkey-removed': 'alert.subject.passkeyRemoved',
} as const satisfies Record<SecurityEvent, string>;

/**
 * A card as an SMS names it: 'VISA ending 4242' (`cardNameForSms`), since the receipts' '••••' is
 * outside GSM-7 and would send the whole text as UCS-2; in another language as it says it.
 */
function cardForSms(card: string, locale: Locale): string {
  const parts = /^(.*?)\s*•+\s*(\S+)$/.exec(card);
  if (!parts) return cardNameForSms(card);
  return texts.t(locale, 'alert.cardEnding', { card: parts[1] ?? '', last4: parts[2] ?? '' });
}

/** A security alert's SMS, in `locale`: what changed and whom to call if it was not them. */
export function renderSecurityAlertSms(
  brand: Brand,
  a: Pick<SecurityAlert, 'event' | 'msisdn' | 'detail' | 'at' | 'by'>,
  locale: Locale = 'en',
): string {
  const what = securityWhat(
    a.event === 'card-changed' && a.detail ? { ...a, detail: cardForSms(a.detail, locale) } : a,
    locale,
  );
  return texts.t(locale, a.by === 'support' ? 'alert.smsBySupport' : 'alert.sms', {
    brand: brand.name,
    what,
    phone: brand.supportPhone,
  });
}

function noticeOf(brand: Brand, t: AuthEmail, locale: Locale): Notice {
  const say = (key: Parameters<typeof texts.t>[1], values?: Parameters<typeof texts.t>[2]) =>
    texts.t(locale, key, values);
  switch (t.template) {
    case 'change-email':
      return {
        subject: say('changeEmail.subject', { brand: brand.name }),
        paragraphs: [
          say('changeEmail.asked', { brand: brand.name }),
          say('changeEmail.expires', { hours: t.hours }),
        ],
        link: t.link,
        linkLabel: say('changeEmail.button'),
      };
    case 'email-change-requested':
      return {
        subject: say('emailChangeAsked.subject', { brand: brand.name }),
        paragraphs: [
          say('emailChangeAsked.what', { brand: brand.name, newEmail: t.newEmail, hours: t.hours }),
          say('youDid'),
          say('emailChangeAsked.notYou'),
        ],
        link: t.resetLink,
        linkLabel: say('resetButton'),
      };
    case 'security-alert': {
      const subject = say(SUBJECTS[t.event]);
      const contact = { phone: brand.supportPhone, email: brand.supportEmail };
      return {
        subject: t.msisdn
          ? say('alert.subjectOfLine', { subject, number: formatSgMobile(t.msisdn) })
          : subject,
        paragraphs:
          t.by === 'support'
            ? [securityWhat(t, locale), say('alert.bySupport', contact)]
            : [
                securityWhat(t, locale),
                say('youDid'),
                // A passkey someone else added stays when the password changes: the customer removes it,
                // or resets the password, which removes every passkey (ADR 0059).
                t.event === 'passkey-added'
                  ? say('alert.notYouPasskey', contact)
                  : say('alert.notYou', { ...contact, brand: brand.name }),
              ],
        link: t.link,
        linkLabel: say('alert.button'),
      };
    }
  }
}

/** Auth's templates, which auth adds to notifications' as it starts (ADR 0048). */
export const authEmails = defineEmailTemplates<AuthEmail>({
  schemas,
  // A change to the account, told to its holder; not the change of address's confirmation link.
  inbox: { 'security-alert': linkedPage, 'email-change-requested': pathFor('myProfile') },
  // A change to the account or a line (a number change finished among them) is pushed too.
  push: ['security-alert'],
  render: (brand, t, locale = 'en') => renderNotice(brand, t.name, noticeOf(brand, t, locale), locale),
});
