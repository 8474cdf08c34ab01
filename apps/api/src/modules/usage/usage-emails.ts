import type { Locale } from '@selfcare/domain';
import { z } from 'zod';
import type { Brand } from '../../config.ts';
import { defineTexts } from '../../texts.ts';
import {
  button,
  defineEmailTemplates,
  escapeHtml,
  greeting,
  layout,
  linkedPage,
  type Rendered,
  textFooter,
} from '../notifications/index.ts';
import en from './locales/en.json' with { type: 'json' };
import ms from './locales/ms.json' with { type: 'json' };
import ta from './locales/ta.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };

/** Usage's words in the four languages (ADR 0055): its alert's email and SMS. */
const texts = defineTexts(en, { zh, ms, ta });

/** Usage's own email (ADR 0048): a line's data passed 80% or 100% of a bucket (ADR 0022's alerts). */
export const usageAlertSchema = z.object({
  template: z.literal('usage-alert'),
  name: z.string(),
  msisdn: z.string(),
  where: z.enum(['data', 'roaming data']),
  percent: z.number().int(),
  left: z.string(),
  size: z.string(),
  stopsAtLimit: z.boolean(),
  link: z.string(),
});
export type UsageAlertEmail = z.infer<typeof usageAlertSchema>;

declare module '../notifications/index.ts' {
  interface ModuleEmails {
    usage: UsageAlertEmail;
  }
}

/** Usage's templates, which usage adds to notifications' as it starts. */
export const usageEmails = defineEmailTemplates<UsageAlertEmail>({
  schemas: [usageAlertSchema],
  inbox: { 'usage-alert': linkedPage },
  push: ['usage-alert'],
  // One a line and bucket kind: the alert at 100% replaces the one at 80% still shown.
  pushTag: { 'usage-alert': (t) => `usage-${t.msisdn}-${t.where === 'roaming data' ? 'roaming' : 'data'}` },
  render: (brand, t, locale = 'en') => usageAlertEmail(brand, t, locale),
});

/** The alert's facts; `where` names the bucket's data, at home or roaming. */
type Alert = Pick<UsageAlertEmail, 'where' | 'percent' | 'left' | 'stopsAtLimit'>;

/** 'data' or 'roaming data' in `locale`. */
const whereIn = (where: UsageAlertEmail['where'], locale: Locale) =>
  texts.t(locale, where === 'roaming data' ? 'where.roaming' : 'where.data');

function usageAlertEmail(brand: Brand, t: UsageAlertEmail, locale: Locale): Rendered {
  const where = whereIn(t.where, locale);
  const subject =
    t.percent < 100
      ? texts.t(locale, 'alert.subjectShare', { percent: t.percent, where, msisdn: t.msisdn })
      : texts.t(locale, 'alert.subjectAll', { where, msisdn: t.msisdn });
  // The SMS's words, of the line rather than 'you': the account holder may not be its user.
  const what = texts.t(
    locale,
    t.percent < 100 ? 'alert.emailShare' : t.stopsAtLimit ? 'alert.emailStopped' : 'alert.emailCharged',
    { msisdn: t.msisdn, percent: t.percent, where, left: t.left },
  );
  const sizeLine = texts.t(locale, 'alert.size', { where, left: t.left, size: t.size });
  const hi = greeting(t.name, locale);
  return {
    subject,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(hi)}</p><p>${escapeHtml(what)}</p><p>${escapeHtml(sizeLine)}</p>${button(t.link, texts.t(locale, 'alert.seeUsage'))}`,
      locale,
    ),
    text: `${hi}

${what}

${sizeLine}

${texts.t(locale, 'alert.seeUsageText', { link: t.link })}${textFooter(brand, locale)}`,
  };
}

/** What the usage alert says by SMS, in `locale`. */
export function renderUsageAlertSms(brand: Brand, a: Alert, locale: Locale = 'en'): string {
  const values = { brand: brand.name, percent: a.percent, where: whereIn(a.where, locale), left: a.left };
  if (a.percent < 100) return texts.t(locale, 'alert.smsShare', values);
  return texts.t(locale, a.stopsAtLimit ? 'alert.smsStopped' : 'alert.smsCharged', values);
}
