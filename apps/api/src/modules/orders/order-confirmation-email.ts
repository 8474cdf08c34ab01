import type { Locale } from '@selfcare/domain';
import type { QuoteItem } from '@selfcare/domain/order';
import { z } from 'zod';
import type { Brand } from '../../config.ts';
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
import { texts } from './order-texts.ts';

/** The confirmation of a paid order, with what it holds and what was charged (ADR 0048). */
const schemas = [
  z.object({
    template: z.literal('order-confirmation'),
    name: z.string(),
    orderNumber: z.string(),
    /** Each item of the quote, its label in the email's language (`quoteItemLabel`), its amount written out. */
    items: z.array(z.object({ label: z.string(), amount: z.string() })),
    total: z.string(),
    gst: z.string(),
    gstPercent: z.number(),
    charged: z.string(),
    link: z.string(),
  }),
] as const;
export type OrderConfirmationEmail = z.infer<(typeof schemas)[number]>;

declare module '../notifications/index.ts' {
  interface ModuleEmails {
    orderConfirmation: OrderConfirmationEmail;
  }
}

/**
 * A quote's item as the confirmation names it in `locale` (ADR 0055). The quote keeps its labels in
 * English ('Me: New number fee', 'Delivery', 'Promotion SAVE10'): a fee and a promotion are named in
 * the reader's language, a line's plan or add-on keeps its line ('Me', 'Us 1', which stay as written)
 * and its product's name, as stored. A label of another shape is kept as it is.
 */
export function quoteItemLabel(item: Pick<QuoteItem, 'kind' | 'label'>, locale: Locale): string {
  if (item.kind === 'numberFee') {
    const line = /^(.+): New number fee$/.exec(item.label)?.[1];
    return line ? texts.t(locale, 'item.newNumberFee', { line }) : item.label;
  }
  if (item.kind === 'delivery')
    return item.label === 'Delivery' ? texts.t(locale, 'item.delivery') : item.label;
  if (item.kind === 'discount') {
    const code = /^Promotion (.+)$/.exec(item.label)?.[1];
    return code ? texts.t(locale, 'item.promotion', { code }) : item.label;
  }
  return item.label;
}

/** Stands for a value in a message whose HTML sets the value apart (in bold): it survives escaping. */
const MARK = '\uE000';

/** The email, in the customer's language (ADR 0055). */
function render(brand: Brand, t: OrderConfirmationEmail, locale: Locale = 'en'): Rendered {
  const subject = texts.t(locale, 'confirmation.subject', { brand: brand.name, orderNumber: t.orderNumber });
  const hi = greeting(t.name, locale);
  const thanks = texts.t(locale, 'confirmation.thanks', { orderNumber: t.orderNumber });
  const thanksHtml = escapeHtml(texts.t(locale, 'confirmation.thanks', { orderNumber: MARK })).replace(
    MARK,
    `<strong>${escapeHtml(t.orderNumber)}</strong>`,
  );
  const rows = t.items
    .map(
      (i) =>
        `<tr><td style="padding:4px 0">${escapeHtml(i.label)}</td><td align="right">${escapeHtml(i.amount)}</td></tr>`,
    )
    .join('');
  const gst = escapeHtml(texts.t(locale, 'confirmation.includesGst', { gstPercent: t.gstPercent }));
  return {
    subject,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(hi)}</p><p>${thanksHtml}</p>
<table role="presentation" width="100%" style="border-collapse:collapse;font-size:14px">${rows}
<tr><td style="padding-top:8px;border-top:1px solid #dee2e6"><strong>${escapeHtml(texts.t(locale, 'confirmation.total'))}</strong></td><td align="right" style="padding-top:8px;border-top:1px solid #dee2e6"><strong>${escapeHtml(t.total)}</strong></td></tr>
<tr><td>${gst}</td><td align="right">${escapeHtml(t.gst)}</td></tr>
<tr><td>${escapeHtml(texts.t(locale, 'confirmation.charged'))}</td><td align="right">${escapeHtml(t.charged)}</td></tr></table>${button(t.link, texts.t(locale, 'confirmation.seeOrder'))}`,
      locale,
    ),
    text: `${hi}\n\n${thanks}\n\n${t.items.map((i) => texts.t(locale, 'confirmation.itemText', { label: i.label, amount: i.amount })).join('\n')}\n${texts.t(
      locale,
      'confirmation.totalText',
      { total: t.total, gstPercent: t.gstPercent, gst: t.gst },
    )}\n${texts.t(locale, 'confirmation.chargedText', { charged: t.charged })}\n\n${texts.t(locale, 'confirmation.seeOrderText', { link: t.link })}${textFooter(brand, locale)}`,
  };
}

/** Its template, which the module adds to notifications' as it starts (ADR 0048). */
export const orderConfirmationEmail = defineEmailTemplates<OrderConfirmationEmail>({
  schemas,
  render,
  inbox: { 'order-confirmation': linkedPage },
  push: ['order-confirmation'],
});
