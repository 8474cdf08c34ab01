import { z } from 'zod';
import type { Brand } from '../../config.ts';
import {
  defineEmailTemplates,
  escapeHtml,
  layout,
  type Rendered,
  textFooter,
} from '../notifications/index.ts';

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

function render(brand: Brand, t: CisEmail): Rendered {
  const subject = `Your ${brand.name} corporate plan code`;
  const lines = `You asked to check your eligibility for the ${t.company} corporate plans with this email address.`;
  return {
    subject,
    html: layout(
      brand,
      subject,
      `<p>Hi ${escapeHtml(t.name)},</p><p>${escapeHtml(lines)} Your code is</p><p style="font-size:28px;letter-spacing:6px;font-weight:bold">${escapeHtml(t.code)}</p><p>It expires in ${t.minutes} minutes. If you did not ask for it, you can ignore this email.</p>`,
    ),
    text: `Hi ${t.name},\n\n${lines} Your code is ${t.code}. It expires in ${t.minutes} minutes. If you did not ask for it, you can ignore this email.${textFooter(brand)}`,
  };
}

/** Its template, which the module adds to notifications' as it starts (ADR 0048). */
export const cisEmails = defineEmailTemplates<CisEmail>({ schemas, render });
