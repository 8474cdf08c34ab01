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

/** The confirmation of a paid order, with what it holds and what was charged (ADR 0048). */
const schemas = [
  z.object({
    template: z.literal('order-confirmation'),
    name: z.string(),
    orderNumber: z.string(),
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

function render(brand: Brand, t: OrderConfirmationEmail): Rendered {
  const subject = `Your ${brand.name} order ${t.orderNumber}`;
  const rows = t.items
    .map(
      (i) =>
        `<tr><td style="padding:4px 0">${escapeHtml(i.label)}</td><td align="right">${escapeHtml(i.amount)}</td></tr>`,
    )
    .join('');
  return {
    subject,
    html: layout(
      brand,
      subject,
      `<p>Hi ${escapeHtml(t.name)},</p><p>Thank you for your order <strong>${escapeHtml(t.orderNumber)}</strong>. Please wait for the administrator to approve your order; we will email you at every step.</p>
<table role="presentation" width="100%" style="border-collapse:collapse;font-size:14px">${rows}
<tr><td style="padding-top:8px;border-top:1px solid #dee2e6"><strong>Total</strong></td><td align="right" style="padding-top:8px;border-top:1px solid #dee2e6"><strong>${escapeHtml(t.total)}</strong></td></tr>
<tr><td>Includes GST ${t.gstPercent}%</td><td align="right">${escapeHtml(t.gst)}</td></tr>
<tr><td>Charged to your card now</td><td align="right">${escapeHtml(t.charged)}</td></tr></table>${button(t.link, 'See your order')}`,
    ),
    text: `Hi ${t.name},\n\nThank you for your order ${t.orderNumber}. Please wait for the administrator to approve your order; we will email you at every step.\n\n${t.items.map((i) => `${i.label}: ${i.amount}`).join('\n')}\nTotal: ${t.total} (includes GST ${t.gstPercent}%: ${t.gst})\nCharged to your card now: ${t.charged}\n\nSee your order: ${t.link}${textFooter(brand)}`,
  };
}

/** Its template, which the module adds to notifications' as it starts (ADR 0048). */
export const orderConfirmationEmail = defineEmailTemplates<OrderConfirmationEmail>({ schemas, render });
