import { z } from 'zod';
import type { Brand } from '../../config.ts';

/**
 * The emails about the account itself: its email address (ADR 0026) and closing it (ADR 0030), each
 * a template of its own with typed content. All share one look (`AccountNotice`): paragraphs, then a
 * link to act on, when there is one.
 */
export const accountEmailSchemas = [
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
  /** The account holder asked to close the account; `link` is the profile, where it can be withdrawn. */
  z.object({ template: z.literal('account-deletion-requested'), name: z.string(), link: z.string() }),
  z.object({ template: z.literal('account-deletion-withdrawn'), name: z.string(), link: z.string() }),
  /** The last email to the address: the account is closed and the data erased. */
  z.object({ template: z.literal('account-closed'), name: z.string() }),
] as const;
export type AccountEmail = z.infer<(typeof accountEmailSchemas)[number]>;

export interface AccountNotice {
  subject: string;
  paragraphs: string[];
  link?: string;
  linkLabel?: string;
}

export function accountNoticeOf(brand: Brand, t: AccountEmail): AccountNotice {
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
    case 'account-deletion-requested':
      return {
        subject: `Your request to close your ${brand.name} account`,
        paragraphs: [
          `We have your request to close your ${brand.name} account and delete your personal data.`,
          'We close it once your lines have ended and your final bill is paid. Until then you can still log in to see and pay your bills, and you can withdraw the request on your profile.',
          'Once it is closed, you can no longer log in, and your details, ID documents, card and consents are deleted. We keep your bills and payments, without your name or contact details, as the law requires us to keep accounting records.',
          `If you did not ask for this, withdraw the request and reset your password, or call us on ${brand.supportPhone}.`,
        ],
        link: t.link,
        linkLabel: 'See or withdraw your request',
      };
    case 'account-deletion-withdrawn':
      return {
        subject: `Your ${brand.name} account stays open`,
        paragraphs: [
          `Your request to close your ${brand.name} account is withdrawn. Nothing has been deleted and your account stays as it is.`,
        ],
        link: t.link,
        linkLabel: 'Go to your profile',
      };
    case 'account-closed':
      return {
        subject: `Your ${brand.name} account is closed`,
        paragraphs: [
          `As you asked, your ${brand.name} account is closed and your personal data is deleted: your login, details, ID documents, card and consents. This is the last email we send to this address.`,
          'We keep your bills and payments, without your name or contact details, for as long as the law requires us to keep accounting records.',
        ],
      };
  }
}
