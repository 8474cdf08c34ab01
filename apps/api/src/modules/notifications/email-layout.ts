import type { Brand } from '../../config.ts';

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

export function layout(brand: Brand, title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1a1b1e">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px">
<tr><td style="background:#5b21b6;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(brand.name)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">${bodyHtml}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#5c5f66;border-top:1px solid #e9ecef">
Need help? Email ${escapeHtml(brand.supportEmail)} or call ${escapeHtml(brand.supportPhone)}.<br>
You received this email because of an action on your ${escapeHtml(brand.name)} account.</td></tr>
</table></td></tr></table></body></html>`;
}

export const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="background:#5b21b6;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

export type Rendered = { subject: string; html: string; text: string };
export const textFooter = (brand: Brand) =>
  `\n\nNeed help? Email ${brand.supportEmail} or call ${brand.supportPhone}.\n${brand.name}`;

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
export function renderNotice(brand: Brand, name: string, n: Notice): Rendered {
  return {
    subject: n.subject,
    html: layout(
      brand,
      n.subject,
      `<p>Hi ${escapeHtml(name)},</p>${n.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${n.link ? `${button(n.link, n.linkLabel ?? n.link)}<p>Or open this link: <a href="${escapeHtml(n.link)}">${escapeHtml(n.link)}</a></p>` : ''}`,
    ),
    text: `Hi ${name},\n\n${n.paragraphs.join('\n\n')}${n.link ? `\n\n${n.linkLabel}: ${n.link}` : ''}${textFooter(brand)}`,
  };
}
