import { z } from 'zod';
import type { Brand } from '../../config.ts';
import {
  button,
  defineEmailTemplates,
  escapeHtml,
  layout,
  type Rendered,
  textFooter,
} from '../notifications/index.ts';

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
  render: (brand, t) => usageAlertEmail(brand, t),
});

function usageAlertEmail(brand: Brand, t: UsageAlertEmail): Rendered {
  const subject =
    t.percent < 100
      ? `${t.percent}% of your ${t.where} used on ${t.msisdn}`
      : `All your ${t.where} used on ${t.msisdn}`;
  const what = usageAlertText(brand, t).replace(`${brand.name}: you have`, `The line ${t.msisdn} has`);
  const sizeLine = `This month's ${t.where}: ${t.left} left of ${t.size}.`;
  return {
    subject,
    html: layout(
      brand,
      subject,
      `<p>Hi ${escapeHtml(t.name)},</p><p>${escapeHtml(what)}</p><p>${escapeHtml(sizeLine)}</p>${button(t.link, 'See your usage')}`,
    ),
    text: `Hi ${t.name},

${what}

${sizeLine}

See your usage: ${t.link}${textFooter(brand)}`,
  };
}

/** What the usage alert says, by SMS and as the email's paragraph. */
export function usageAlertText(
  brand: Brand,
  a: { where: string; percent: number; left: string; stopsAtLimit: boolean },
): string {
  if (a.percent < 100)
    return `${brand.name}: you have used ${a.percent}% of your ${a.where} this month; ${a.left} left.`;
  return a.stopsAtLimit
    ? `${brand.name}: you have used all your ${a.where} this month. Data is stopped until it renews or you add more, as you asked.`
    : `${brand.name}: you have used all your ${a.where} this month. More data is charged as out of bundle until it renews; add-ons cost less.`;
}

export const renderUsageAlertSms = usageAlertText;
