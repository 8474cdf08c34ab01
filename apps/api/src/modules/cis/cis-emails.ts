import type { Locale } from '@selfcare/domain';
import { z } from 'zod';
import type { Brand } from '../../config.ts';
import { defineTexts } from '../../texts.ts';
import {
  defineEmailTemplates,
  escapeHtml,
  greeting,
  layout,
  type Rendered,
  textFooter,
} from '../notifications/index.ts';
import en from './locales/en.json' with { type: 'json' };
import ms from './locales/ms.json' with { type: 'json' };
import ta from './locales/ta.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };

/** The corporate plan code's words in the four languages (ADR 0055). */
const texts = defineTexts(en, { zh, ms, ta });

/** The code that proves a corporate plan customer works at the company (ADR 0048). */
const schemas = [
  z.object({
    template: z.literal('cis-otp'),
    name: z.string(),
    company: z.string(),
    code: z.string(),
    minutes: z.number(),
  }),
] as const;
export type CisEmail = z.infer<(typeof schemas)[number]>;

declare module '../notifications/index.ts' {
  interface ModuleEmails {
    cis: CisEmail;
  }
}

/** The email, in the customer's language (ADR 0055). */
function render(brand: Brand, t: CisEmail, locale: Locale = 'en'): Rendered {
  const subject = texts.t(locale, 'code.subject', { brand: brand.name });
  const hi = greeting(t.name, locale);
  const intro = texts.t(locale, 'code.intro', { company: t.company });
  const expires = texts.t(locale, 'code.expires', { minutes: t.minutes });
  return {
    subject,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(hi)}</p><p>${escapeHtml(intro)}</p><p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(t.code)}</p><p>${escapeHtml(expires)}</p>`,
      locale,
    ),
    text: `${hi}\n\n${texts.t(locale, 'code.text', { company: t.company, code: t.code, minutes: t.minutes })}${textFooter(brand, locale)}`,
  };
}

/** Its template, which the module adds to notifications' as it starts (ADR 0048). */
export const cisEmails = defineEmailTemplates<CisEmail>({ schemas, render });
