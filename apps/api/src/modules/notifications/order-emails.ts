import { z } from 'zod';
import type { Brand } from '../../config.ts';
import { button, escapeHtml, layout, type Rendered, textFooter } from './email-layout.ts';

/**
 * The look every order email shares (ADR 0048): the modules that move an order and its lines on keep
 * their templates (orders, fulfilment, lines), each with typed content; they say what happened in
 * words (`OrderWords`), written here as a subject naming the order, paragraphs and a link to act on.
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

/** Every order email's look: the subject names the order, then its paragraphs and its link. */
export function renderOrderUpdate(brand: Brand, t: OrderUpdate): Rendered {
  const subject = `${t.subject}: order ${t.orderNumber}`;
  const action = t.link ? button(t.link, t.linkLabel ?? 'See your order') : '';
  return {
    subject,
    html: layout(
      brand,
      subject,
      `<p>Hi ${escapeHtml(t.name)},</p>${t.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${action}`,
    ),
    text: `Hi ${t.name},\n\n${t.paragraphs.join('\n\n')}${t.link ? `\n\n${t.linkLabel ?? 'See your order'}: ${t.link}` : ''}${textFooter(brand)}`,
  };
}

/** An order email written from its words; a paragraph with nothing to say (no refund, no reason given) is left out. */
export const renderOrderEmail = (brand: Brand, t: OrderContent, words: OrderWords): Rendered =>
  renderOrderUpdate(brand, {
    name: t.name,
    orderNumber: t.orderNumber,
    link: t.link,
    ...words,
    paragraphs: words.paragraphs.filter(Boolean),
  });

/**
 * An order step written by its sender, the one template notifications keep: modules send their named
 * templates now; this stays so that emails queued before them are still sent.
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
  render: renderOrderUpdate,
};
