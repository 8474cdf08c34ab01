import { z } from 'zod';
import type { Brand } from '../../config.ts';
import type { AccountNotice } from './account-emails.ts';

/** Alerts about a line's spending that go by email beside their SMS (the SMS text is their paragraph). */
export const alertEmailSchemas = [
  /** A line's roaming passed its spend cap's warning share or reached it (ADR 0024). */
  z.object({
    template: z.literal('roaming-cap'),
    name: z.string(),
    msisdn: z.string(),
    cap: z.string(),
    percent: z.number().int(),
    link: z.string(),
  }),
] as const;

export type AlertEmail = z.infer<(typeof alertEmailSchemas)[number]>;

/** A line's roaming passed its monthly spend cap's warning share, or reached the cap (ADR 0024). */
export function renderRoamingCapSms(
  brand: Brand,
  c: { msisdn: string; cap: string; percent: number },
): string {
  return c.percent >= 100
    ? `${brand.name}: your roaming on ${c.msisdn} reached your monthly cap of ${c.cap}. Roaming data is stopped until the 1st; calls and SMS abroad still work. Buy a roaming pack or change the cap in the portal.`
    : `${brand.name}: your roaming on ${c.msisdn} has reached ${c.percent}% of your monthly cap of ${c.cap}. At the cap, roaming data stops until the 1st.`;
}

/** The alert's email: the SMS's text, and a link to the page where the cap is changed. */
export const alertNoticeOf = (brand: Brand, t: AlertEmail): AccountNotice => ({
  subject:
    t.percent >= 100
      ? `Roaming cap reached on ${t.msisdn}`
      : `${t.percent}% of your roaming cap used on ${t.msisdn}`,
  paragraphs: [renderRoamingCapSms(brand, t)],
  link: t.link,
  linkLabel: 'See your roaming',
});
