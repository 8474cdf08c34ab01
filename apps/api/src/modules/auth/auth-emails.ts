import { z } from 'zod';
import type { Brand } from '../../config.ts';
import { defineEmailTemplates, type Notice, renderNotice } from '../notifications/index.ts';

/**
 * The emails about the account's email address (ADR 0026): the link to the new address, and the
 * notice to the old one.
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
] as const;
export type AuthEmail = z.infer<(typeof schemas)[number]>;

declare module '../notifications/index.ts' {
  interface ModuleEmails {
    auth: AuthEmail;
  }
}

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
  }
}

/** Auth's templates, which auth adds to notifications' as it starts (ADR 0048). */
export const authEmails = defineEmailTemplates<AuthEmail>({
  schemas,
  render: (brand, t) => renderNotice(brand, t.name, noticeOf(brand, t)),
});
