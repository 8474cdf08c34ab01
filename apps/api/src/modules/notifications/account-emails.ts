import { z } from 'zod';
import type { Brand } from '../../config.ts';

/**
 * The emails about the account's own email address (ADR 0026), each a template of its own with typed
 * content. All share one look (`AccountNotice`): paragraphs, then a link to act on.
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
] as const;
export type AccountEmail = z.infer<(typeof accountEmailSchemas)[number]>;

export interface AccountNotice {
  subject: string;
  paragraphs: string[];
  link: string;
  linkLabel: string;
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
  }
}
