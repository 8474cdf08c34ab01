import type { Locale } from '@selfcare/domain';
import { z } from 'zod';
import type { Brand } from '../../config.ts';
import { defineTexts } from '../../texts.ts';
import { defineEmailTemplates, linkedPage, type Notice, renderNotice } from '../notifications/index.ts';
import en from './locales/en.json' with { type: 'json' };
import ms from './locales/ms.json' with { type: 'json' };
import ta from './locales/ta.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };

/** The users module's words in the four languages (ADR 0055). */
const texts = defineTexts(en, { zh, ms, ta });

/**
 * The emails about closing the account (ADR 0030): the request, its withdrawal, and the closing; in
 * the customer's language (ADR 0055).
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

function noticeOf(brand: Brand, t: UsersEmail, locale: Locale): Notice {
  const say = (key: Parameters<typeof texts.t>[1], values?: Parameters<typeof texts.t>[2]) =>
    texts.t(locale, key, values);
  const named = { brand: brand.name };
  switch (t.template) {
    case 'account-deletion-requested':
      return {
        subject: say('requested.subject', named),
        paragraphs: [
          say('requested.received', named),
          say('requested.when'),
          say('requested.what'),
          say('requested.notYou', { phone: brand.supportPhone }),
        ],
        link: t.link,
        linkLabel: say('requested.link'),
      };
    case 'account-deletion-withdrawn':
      return {
        subject: say('withdrawn.subject', named),
        paragraphs: [say('withdrawn.body', named)],
        link: t.link,
        linkLabel: say('withdrawn.link'),
      };
    case 'account-closed':
      return {
        subject: say('closed.subject', named),
        paragraphs: [say('closed.body', named), say('closed.kept')],
      };
  }
}

/** The users module's templates, which it adds to notifications' as it starts (ADR 0048). */
export const usersEmails = defineEmailTemplates<UsersEmail>({
  schemas,
  // The request and its withdrawal; the last email is sent as the account's inbox is erased.
  inbox: { 'account-deletion-requested': linkedPage, 'account-deletion-withdrawn': linkedPage },
  render: (brand, t, locale = 'en') => renderNotice(brand, t.name, noticeOf(brand, t, locale), locale),
});
