import { DeliveryMethod, type Locale } from '@selfcare/domain';
import { z } from 'zod';
import type { Brand } from '../../config.ts';
import { button, escapeHtml, greeting, layout, type Rendered, textFooter } from './email-layout.ts';
import { notificationTexts as texts } from './notification-texts.ts';

/**
 * The look every order email shares (ADR 0048): the modules that move an order and its lines on keep
 * their templates (orders, fulfilment, lines), each with typed content; they say what happened in
 * words (`OrderWords`), written here as a subject naming the order, paragraphs and a link to act on,
 * in the customer's language (ADR 0055).
 */
export const orderFields = { name: z.string(), orderNumber: z.string(), link: z.string() };

/** An order email's content: whom it greets, the order and the link, and the template's own facts. */
export type OrderContent = { template: string; name: string; orderNumber: string; link: string };

/** An order email's own content: the sender adds whom it greets, the order and the link. */
export type OrderEmailContent<T extends OrderContent> = T extends unknown
  ? Omit<T, 'name' | 'orderNumber' | 'link'>
  : never;

/** What an order email says: the subject (before ': order <number>'), its paragraphs and its link's label. */
export interface OrderWords {
  subject: string;
  paragraphs: string[];
  linkLabel?: string;
}

/** What an order email says, with whom it greets, the order and the link. */
export interface OrderUpdate extends OrderWords {
  name: string;
  orderNumber: string;
  link?: string;
}

/** Every order email's look: the subject names the order, then its paragraphs and its link; in `locale`. */
export function renderOrderUpdate(brand: Brand, t: OrderUpdate, locale: Locale = 'en'): Rendered {
  const subject = texts.t(locale, 'order.subject', { subject: t.subject, orderNumber: t.orderNumber });
  const label = t.linkLabel ?? texts.t(locale, 'order.seeOrder');
  const hi = greeting(t.name, locale);
  const action = t.link ? button(t.link, label) : '';
  return {
    subject,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(hi)}</p>${t.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${action}`,
      locale,
    ),
    text: `${hi}\n\n${t.paragraphs.join('\n\n')}${t.link ? `\n\n${texts.t(locale, 'order.linkText', { label, link: t.link })}` : ''}${textFooter(brand, locale)}`,
  };
}

/** An order email written from its words; a paragraph with nothing to say (no refund, no reason given) is left out. */
export const renderOrderEmail = (
  brand: Brand,
  t: OrderContent,
  words: OrderWords,
  locale: Locale = 'en',
): Rendered =>
  renderOrderUpdate(
    brand,
    {
      name: t.name,
      orderNumber: t.orderNumber,
      link: t.link,
      ...words,
      paragraphs: words.paragraphs.filter(Boolean),
    },
    locale,
  );

/** Each delivery method's name in the catalog: in English, SPEC.md's (DELIVERY_METHOD_LABELS). */
const DELIVERY_METHOD_KEYS = {
  [DeliveryMethod.HomeDelivery]: 'deliveryMethod.homeDelivery',
  [DeliveryMethod.PostalMail]: 'deliveryMethod.postalMail',
  [DeliveryMethod.ESimIdVerification]: 'deliveryMethod.esimIdVerification',
  [DeliveryMethod.Other]: 'deliveryMethod.other',
  [DeliveryMethod.SelfCollection]: 'deliveryMethod.selfCollection',
} as const;

/**
 * How the SIM comes, as an order email names it in `locale` ('Home Delivery', '上门配送'); undefined
 * for a code that names no method.
 */
export function deliveryMethodName(method: number | null, locale: Locale): string | undefined {
  const key = method === null ? undefined : DELIVERY_METHOD_KEYS[method as keyof typeof DELIVERY_METHOD_KEYS];
  return key ? texts.t(locale, key) : undefined;
}

/**
 * An order step written by its sender, the one template notifications keep: modules send their named
 * templates now; this stays so that emails queued before them are still sent. Its words were written
 * in English by its sender, so the whole email is written in English, its look too.
 */
const orderUpdateSchema = z.object({
  template: z.literal('order-update'),
  name: z.string(),
  orderNumber: z.string(),
  subject: z.string(),
  paragraphs: z.array(z.string()).min(1),
  link: z.string().optional(),
  linkLabel: z.string().optional(),
});
export type OrderUpdateEmail = z.infer<typeof orderUpdateSchema>;

export const orderUpdateEmail = {
  schemas: [orderUpdateSchema],
  render: (brand: Brand, t: OrderUpdateEmail) => renderOrderUpdate(brand, t),
};
