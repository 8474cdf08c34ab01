import { formatSgMobile } from '@selfcare/domain';
import { z } from 'zod';
import type { Brand } from '../../config.ts';
import { defineEmailTemplates, type Notice, notYou, renderNotice } from '../notifications/index.ts';

const receiptFields = {
  name: z.string(),
  /** The purchase's reference, on the receipt and on its refund's. */
  receipt: z.string(),
  product: z.string(),
  msisdn: z.string(),
  /** GST included. */
  amount: z.string(),
  /** The card as the customer knows it: 'VISA •••• 4242'. */
  card: z.string(),
  /** The Singapore day it was paid or refunded, written out. */
  date: z.string(),
  link: z.string(),
};

/**
 * Receipts for one-time purchases paid at once by the saved card (ADR 0024): the payment, and its
 * refund when the purchase never served. Money left the card outside a bill, so each is told.
 */
const purchaseEmailSchemas = [
  z.object({
    template: z.literal('purchase-receipt'),
    ...receiptFields,
    gst: z.string(),
    gstPercent: z.number(),
    /**
     * A roaming pack bought to start on a later day (ADR 0041): its first and last Singapore day,
     * written out. Absent for a purchase that serves from when it is set up.
     */
    validity: z.object({ from: z.string(), to: z.string() }).optional(),
  }),
  z.object({ template: z.literal('purchase-refund'), ...receiptFields }),
] as const;
export type PurchaseEmail = z.infer<(typeof purchaseEmailSchemas)[number]>;

/** A receipt's subject and its paragraphs (the first is the receipt's own lines). */
function purchaseNoticeOf(brand: Brand, t: PurchaseEmail): { subject: string; paragraphs: string[] } {
  if (t.template === 'purchase-receipt')
    return {
      subject: `Receipt for ${t.product}: ${t.amount}`,
      paragraphs: [
        `Thank you for your purchase. Receipt ${t.receipt}.`,
        `${t.product} for ${formatSgMobile(t.msisdn)}: ${t.amount} (includes GST ${t.gstPercent}%: ${t.gst}), paid with ${t.card} on ${t.date}.`,
        ...(t.validity ? [`Valid from ${t.validity.from} to ${t.validity.to}.`] : []),
        `It is set up on your line as soon as the network confirms it. If it cannot be set up, we refund it to your card and tell you. It is listed with your payments on your ${brand.name} bills page.`,
      ],
    };
  return {
    subject: `Refund of ${t.amount}: ${t.product}`,
    paragraphs: [
      `${t.product} for ${formatSgMobile(t.msisdn)} could not be set up on the network before the line ended or we stopped trying, so we have given back what you paid. Receipt ${t.receipt}.`,
      `Refunded ${t.amount} to ${t.card} on ${t.date}. Your bank may take a few working days to show it on your statement.`,
    ],
  };
}

/** Alerts about a line's spending that go by email beside their SMS (the SMS text is their paragraph). */
const alertEmailSchemas = [
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
const alertNoticeOf = (brand: Brand, t: AlertEmail): Notice => ({
  subject:
    t.percent >= 100
      ? `Roaming cap reached on ${t.msisdn}`
      : `${t.percent}% of your roaming cap used on ${t.msisdn}`,
  paragraphs: [renderRoamingCapSms(brand, t)],
  link: t.link,
  linkLabel: 'See your roaming',
});

/** A change the customer asked for to a line: a plan change, a monthly product (ADR 0038). */
const lineChangeSchemas = [
  z.object({
    template: z.literal('line-change'),
    name: z.string(),
    msisdn: z.string(),
    /** What changed, written whole: 'Your plan changes from Lite 20GB to Plus 150GB on 1 December 2026.' */
    what: z.string(),
    /** What it costs and how it is paid, when it costs something: 'It is charged on your bill…'. */
    cost: z.string().optional(),
    link: z.string(),
  }),
] as const;
type LineChangeEmail = z.infer<(typeof lineChangeSchemas)[number]>;

export type ProductEmail = PurchaseEmail | AlertEmail | LineChangeEmail;

declare module '../notifications/index.ts' {
  interface ModuleEmails {
    products: ProductEmail;
  }
}

const PURCHASE_EMAILS = new Set<string>(purchaseEmailSchemas.map((s) => s.shape.template.value));
const isPurchaseEmail = (t: ProductEmail): t is PurchaseEmail => PURCHASE_EMAILS.has(t.template);

/** Products' templates, which products adds to notifications' as it starts (ADR 0048). */
export const productEmails = defineEmailTemplates<ProductEmail>({
  schemas: [...purchaseEmailSchemas, ...alertEmailSchemas, ...lineChangeSchemas],
  render: (brand, t) =>
    isPurchaseEmail(t)
      ? // A receipt has the account notice's look, with its link to the payments on /bills.
        renderNotice(brand, t.name, {
          ...purchaseNoticeOf(brand, t),
          link: t.link,
          linkLabel: 'See your payments',
        })
      : t.template === 'roaming-cap'
        ? renderNotice(brand, t.name, alertNoticeOf(brand, t))
        : renderNotice(brand, t.name, {
            subject: `A change to your line ${formatSgMobile(t.msisdn)}`,
            paragraphs: [t.what, ...(t.cost ? [t.cost] : []), notYou(brand)],
            link: t.link,
            linkLabel: 'See your line',
          }),
});
