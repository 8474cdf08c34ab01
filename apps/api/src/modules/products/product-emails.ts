import { formatSgMobile, type Locale } from '@selfcare/domain';
import { z } from 'zod';
import type { Brand } from '../../config.ts';
import { defineTexts } from '../../texts.ts';
import { defineEmailTemplates, linkedPage, type Notice, renderNotice } from '../notifications/index.ts';
import en from './locales/en.json' with { type: 'json' };
import ms from './locales/ms.json' with { type: 'json' };
import ta from './locales/ta.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };

/** Products' words in the four languages (ADR 0055): receipts, roaming cap alerts, line changes. */
const texts = defineTexts(en, { zh, ms, ta });

const receiptFields = {
  name: z.string(),
  /** The purchase's reference, on the receipt and on its refund's. */
  receipt: z.string(),
  product: z.string(),
  msisdn: z.string(),
  /** GST included. */
  amount: z.string(),
  /** The card as the customer knows it: 'VISA •••• 4242' (`yourCard` when not known). */
  card: z.string(),
  /** The Singapore day it was paid or refunded, written out in the email's language. */
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

/** What a receipt says the purchase was paid with when its card is not known: 'your card'. */
export const yourCard = (locale: Locale) => texts.t(locale, 'receipt.yourCard');

/** A receipt's subject and its paragraphs (the first is the receipt's own lines). */
function purchaseNoticeOf(
  brand: Brand,
  t: PurchaseEmail,
  locale: Locale,
): { subject: string; paragraphs: string[] } {
  const msisdn = formatSgMobile(t.msisdn);
  if (t.template === 'purchase-receipt')
    return {
      subject: texts.t(locale, 'receipt.subject', { product: t.product, amount: t.amount }),
      paragraphs: [
        texts.t(locale, 'receipt.thanks', { receipt: t.receipt }),
        texts.t(locale, 'receipt.paid', {
          product: t.product,
          msisdn,
          amount: t.amount,
          gstPercent: t.gstPercent,
          gst: t.gst,
          card: t.card,
          date: t.date,
        }),
        ...(t.validity ? [texts.t(locale, 'receipt.validity', t.validity)] : []),
        texts.t(locale, 'receipt.setUp', { brand: brand.name }),
      ],
    };
  return {
    subject: texts.t(locale, 'refund.subject', { amount: t.amount, product: t.product }),
    paragraphs: [
      texts.t(locale, 'refund.why', { product: t.product, msisdn, receipt: t.receipt }),
      texts.t(locale, 'refund.back', { amount: t.amount, card: t.card, date: t.date }),
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

/** A line's roaming passed its monthly spend cap's warning share, or reached the cap (ADR 0024), in `locale`. */
export function renderRoamingCapSms(
  brand: Brand,
  c: { msisdn: string; cap: string; percent: number },
  locale: Locale = 'en',
): string {
  const values = { brand: brand.name, msisdn: c.msisdn, cap: c.cap, percent: c.percent };
  return c.percent >= 100
    ? texts.t(locale, 'roamingCap.smsReached', values)
    : texts.t(locale, 'roamingCap.smsShare', values);
}

/** The alert's email: the SMS's text, and a link to the page where the cap is changed. */
const alertNoticeOf = (brand: Brand, t: AlertEmail, locale: Locale): Notice => ({
  subject:
    t.percent >= 100
      ? texts.t(locale, 'roamingCap.subjectReached', { msisdn: t.msisdn })
      : texts.t(locale, 'roamingCap.subjectShare', { percent: t.percent, msisdn: t.msisdn }),
  paragraphs: [renderRoamingCapSms(brand, t, locale)],
  link: t.link,
  linkLabel: texts.t(locale, 'roamingCap.seeRoaming'),
});

/**
 * What changed on a line, for the email to say in the language `queueNotices` chooses (ADR 0055): a
 * plan changing on a day, or a monthly product added today; `day` is that day written in that
 * language, `price` what it costs a month ('$20.00').
 */
const lineChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('plan'), from: z.string(), to: z.string(), day: z.string(), price: z.string() }),
  z.object({ kind: z.literal('product'), product: z.string(), day: z.string(), price: z.string() }),
]);
export type LineChange = z.infer<typeof lineChangeSchema>;

/** A change the customer asked for to a line: a plan change, a monthly product (ADR 0038). */
const lineChangeSchemas = [
  z.object({
    template: z.literal('line-change'),
    name: z.string(),
    msisdn: z.string(),
    change: lineChangeSchema.optional(),
    /**
     * Emails queued before `change`: what changed and what it costs, written whole in English
     * ('The plan of your line … changes from Lite 20GB to Plus 150GB on 1 December 2026.').
     */
    what: z.string().optional(),
    cost: z.string().optional(),
    link: z.string(),
  }),
] as const;
type LineChangeEmail = z.infer<(typeof lineChangeSchemas)[number]>;

/**
 * A line change as the release before this one writes it (it reads `what` and `cost`, and would
 * refuse a notice without `what`): in English, its day in English, sent beside `change` so that a
 * worker of that release, still running during a rolling deploy, sends it as it did (ADR 0053's
 * expand step). Drop it, and `what` and `cost`, a release later.
 */
export function lineChangeForEarlierWorkers(
  msisdn: string,
  change: LineChange,
  englishDay: string,
): { what: string; cost: string } {
  const [what = '', cost = ''] = lineChangeOf(
    { template: 'line-change', name: '', msisdn, change: { ...change, day: englishDay }, link: '' },
    'en',
  );
  return { what, cost };
}

/** A line change's paragraphs before the 'not you' one: what changed, and what it costs. */
function lineChangeOf(t: LineChangeEmail, locale: Locale): string[] {
  const c = t.change;
  if (!c) return [t.what ?? '', ...(t.cost ? [t.cost] : [])];
  const msisdn = formatSgMobile(t.msisdn);
  const { day } = c;
  return c.kind === 'plan'
    ? [
        texts.t(locale, 'lineChange.plan', { msisdn, from: c.from, to: c.to, day }),
        texts.t(locale, 'lineChange.planCost', { to: c.to, price: c.price }),
      ]
    : [
        texts.t(locale, 'lineChange.product', { product: c.product, msisdn, day }),
        texts.t(locale, 'lineChange.productCost', { price: c.price }),
      ];
}

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
  inbox: {
    'purchase-receipt': linkedPage,
    'purchase-refund': linkedPage,
    'roaming-cap': linkedPage,
    'line-change': linkedPage,
  },
  push: ['roaming-cap', 'line-change'],
  render: (brand, t, locale = 'en') =>
    isPurchaseEmail(t)
      ? // A receipt has the account notice's look, with its link to the payments on /bills.
        renderNotice(
          brand,
          t.name,
          {
            ...purchaseNoticeOf(brand, t, locale),
            link: t.link,
            linkLabel: texts.t(locale, 'receipt.seePayments'),
          },
          locale,
        )
      : t.template === 'roaming-cap'
        ? renderNotice(brand, t.name, alertNoticeOf(brand, t, locale), locale)
        : renderNotice(
            brand,
            t.name,
            {
              subject: texts.t(locale, 'lineChange.subject', { msisdn: formatSgMobile(t.msisdn) }),
              paragraphs: [
                ...lineChangeOf(t, locale),
                // notifications' notYou, in the reader's language.
                texts.t(locale, 'lineChange.notYou', {
                  phone: brand.supportPhone,
                  email: brand.supportEmail,
                  brand: brand.name,
                }),
              ],
              link: t.link,
              linkLabel: texts.t(locale, 'lineChange.seeLine'),
            },
            locale,
          ),
});
