import { z } from 'zod';
import type { Brand } from '../../config.ts';
import { defineEmailTemplates, type Notice, renderNotice } from '../notifications/index.ts';

/**
 * The emails about closing the account (ADR 0030): the request, its withdrawal, and the closing.
 */
const schemas = [
  /** The account holder asked to close the account; `link` is the profile, where it can be withdrawn. */
  z.object({ template: z.literal('account-deletion-requested'), name: z.string(), link: z.string() }),
  z.object({ template: z.literal('account-deletion-withdrawn'), name: z.string(), link: z.string() }),
  /** The last email to the address: the account is closed and the data erased. */
  z.object({ template: z.literal('account-closed'), name: z.string() }),
] as const;
export type UsersEmail = z.infer<(typeof schemas)[number]>;

declare module '../notifications/index.ts' {
  interface ModuleEmails {
    users: UsersEmail;
  }
}

function noticeOf(brand: Brand, t: UsersEmail): Notice {
  switch (t.template) {
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

/** The users module's templates, which it adds to notifications' as it starts (ADR 0048). */
export const usersEmails = defineEmailTemplates<UsersEmail>({
  schemas,
  render: (brand, t) => renderNotice(brand, t.name, noticeOf(brand, t)),
});
