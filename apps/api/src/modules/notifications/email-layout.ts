import { LOCALE_TAGS, type Locale } from '@selfcare/domain';
import type { Brand } from '../../config.ts';
import { notificationTexts as texts } from './notification-texts.ts';

/**
 * The look every email shares: the brand's header and support footer around the body, a button for
 * the link, and the plain-text version beside the HTML. A module's own templates render through these
 * (`renderNotice` for paragraphs and a link), so that its emails look like the rest.
 */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The email's page around `bodyHtml`, in `locale` (its `lang`, and the footer's words). */
export function layout(brand: Brand, title: string, bodyHtml: string, locale: Locale = 'en'): string {
  const help = texts.t(locale, 'help', { email: brand.supportEmail, phone: brand.supportPhone });
  const why = texts.t(locale, 'why', { brand: brand.name });
  return `<!doctype html><html lang="${LOCALE_TAGS[locale]}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px">
<tr><td style="background:#5b21b6;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">${bodyHtml}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#5c5f66;border-top:1px solid #e9ecef">
${escapeHtml(help)}<br>
${escapeHtml(why)}</td></tr>
</table></td></tr></table></body></html>`;
}

export const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#5b21b6;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

export type Rendered = { subject: string; html: string; text: string };
export const textFooter = (brand: Brand, locale: Locale = 'en') =>
  `\n\n${texts.t(locale, 'help', { email: brand.supportEmail, phone: brand.supportPhone })}\n${brand.name}`;

/** 'Hi Tan,' in the customer's language. */
export const greeting = (name: string, locale: Locale = 'en') => texts.t(locale, 'greeting', { name });

/** What to do if a change to the account was not theirs: the support contact comes from configuration (BRAND's). */
export const notYou = (brand: Brand) =>
  `If this was not you, call us at once on ${brand.supportPhone} or email ${brand.supportEmail}, and change your ${brand.name} password.`;

/** An account notice's words: its subject, its paragraphs, and the link to act on, if there is one. */
export interface Notice {
  subject: string;
  paragraphs: string[];
  link?: string;
  linkLabel?: string;
}

/** An email about the account, or a receipt: its paragraphs, then its link (if any) as a button and written out. */
export function renderNotice(brand: Brand, name: string, n: Notice, locale: Locale = 'en'): Rendered {
  const hi = greeting(name, locale);
  const open = texts.t(locale, 'openLink');
  return {
    subject: n.subject,
    html: layout(
      brand,
      n.subject,
      `<p>${escapeHtml(hi)}</p>${n.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${n.link ? `${button(n.link, n.linkLabel ?? n.link)}<p>${escapeHtml(open)} <a href="${escapeHtml(n.link)}">${escapeHtml(n.link)}</a></p>` : ''}`,
      locale,
    ),
    text: `${hi}\n\n${n.paragraphs.join('\n\n')}${n.link ? `\n\n${n.linkLabel}: ${n.link}` : ''}${textFooter(brand, locale)}`,
  };
}
