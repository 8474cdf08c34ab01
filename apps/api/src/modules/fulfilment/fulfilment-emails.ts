import { DeliveryMethod, formatMoney, formatSgDay, type Locale } from '@selfcare/domain';
import { z } from 'zod';
import { defineTexts } from '../../texts.ts';
import {
  defineOrderEmails,
  deliveryMethodName,
  type OrderEmailContent,
  type OrderWords,
  orderFields as order,
} from '../notifications/index.ts';
import en from './locales/en.json' with { type: 'json' };
import ms from './locales/ms.json' with { type: 'json' };
import ta from './locales/ta.json' with { type: 'json' };
import zh from './locales/zh.json' with { type: 'json' };

/** Fulfilment's words in the four languages (ADR 0055): the emails of an order's steps. */
const texts = defineTexts(en, { zh, ms, ta });

/**
 * The emails a customer gets as staff and the network move their order on: turned away, cancelled,
 * documents asked for, the SIM sent or not delivered, every line live; in the customer's language
 * (ADR 0055), the English keeping the spec's words ('Active SIM successfully').
 */
const schemas = [
  /** Staff turned the order away; what the card was charged is refunded. */
  z.object({
    template: z.literal('order-rejected'),
    ...order,
    reason: z.string(),
    refundCents: z.number().int().nullable(),
  }),
  /** Staff cancelled the order: any payment is refunded, and the admin fee goes on the first bill. */
  z.object({
    template: z.literal('order-cancelled'),
    ...order,
    reason: z.string(),
    refundCents: z.number().int().nullable(),
    adminFeeCents: z.number().int(),
  }),
  z.object({ template: z.literal('documents-requested'), ...order, reason: z.string() }),
  z.object({
    template: z.literal('sim-on-its-way'),
    ...order,
    deliveryMethod: z.number().int(),
    /** YYYY-MM-DD, the planned day. */
    deliveryDate: z.string(),
    trackingCode: z.string(),
    /**
     * An added 'Us' line's user (ADR 0031): the line is registered to their NRIC or FIN, so they
     * receive the SIM and show their own ID. Absent for the holder's own order.
     */
    lineUser: z.string().optional(),
  }),
  z.object({ template: z.literal('delivery-failed'), ...order, reason: z.string() }),
  /** Every line of the order is live. */
  z.object({ template: z.literal('lines-active'), ...order }),
] as const;
export type FulfilmentEmail = z.infer<(typeof schemas)[number]>;
/** One of these emails as its sender gives it: the queue adds whom it greets, the order and the link. */
export type FulfilmentEmailContent = OrderEmailContent<FulfilmentEmail>;

declare module '../notifications/index.ts' {
  interface ModuleEmails {
    fulfilment: FulfilmentEmail;
  }
}

/** The refund of what the card was charged, in `locale`; nothing to say when nothing was charged. */
const refunding = (cents: number | null, locale: Locale) =>
  cents ? texts.t(locale, 'refunding', { amount: formatMoney(cents) }) : '';

/**
 * Whose ID is checked when the SIM is handed over: the person the line is registered to. That is the
 * holder for their own order, and an added 'Us' line's user for theirs, who may not be the holder.
 */
function idToShow(t: Extract<FulfilmentEmail, { template: 'sim-on-its-way' }>, locale: Locale): string {
  const collect = t.deliveryMethod === DeliveryMethod.SelfCollection;
  if (!t.lineUser) return texts.t(locale, collect ? 'sent.idCollect' : 'sent.idDelivery');
  return texts.t(locale, collect ? 'sent.lineUserCollect' : 'sent.lineUserDelivery', {
    lineUser: t.lineUser,
  });
}

/** What each email says, in `locale`: its days as the language writes them. */
function words(t: FulfilmentEmail, locale: Locale): OrderWords {
  const say = (key: Parameters<typeof texts.t>[1], values?: Parameters<typeof texts.t>[2]) =>
    texts.t(locale, key, values);
  const { orderNumber } = t;
  switch (t.template) {
    case 'order-rejected':
      return {
        subject: say('rejected.subject'),
        paragraphs: [
          say('rejected.body', { orderNumber }),
          say('reason', { reason: t.reason }),
          refunding(t.refundCents, locale),
          say('rejected.again'),
        ],
      };
    case 'order-cancelled':
      return {
        subject: say('cancelled.subject'),
        paragraphs: [
          say('cancelled.body', { orderNumber }),
          say('reason', { reason: t.reason }),
          refunding(t.refundCents, locale),
          say('cancelled.adminFee', { fee: formatMoney(t.adminFeeCents) }),
        ],
      };
    case 'documents-requested':
      return {
        subject: say('documents.subject'),
        paragraphs: [
          say('documents.body', { orderNumber }),
          say('documents.why', { reason: t.reason }),
          say('documents.upload'),
        ],
        linkLabel: say('documents.link'),
      };
    case 'sim-on-its-way':
      return {
        subject: say('sent.subject'),
        paragraphs: [
          say('sent.body', {
            orderNumber,
            method: deliveryMethodName(t.deliveryMethod, locale) ?? '',
            day: formatSgDay(t.deliveryDate, 'weekday', locale),
          }),
          say('sent.tracking', { trackingCode: t.trackingCode }),
          idToShow(t, locale),
        ],
      };
    case 'delivery-failed':
      return {
        subject: say('failed.subject'),
        paragraphs: [
          say('failed.body', { orderNumber }),
          say('reason', { reason: t.reason }),
          say('failed.again'),
        ],
      };
    case 'lines-active':
      return {
        subject: say('active.subject'),
        // The spec's words first ('Active SIM successfully', FulfilmentMessages.activated).
        paragraphs: [say('active.body', { orderNumber }), say('active.portal')],
        linkLabel: say('active.link'),
      };
  }
}

/** Its templates, which the module adds to notifications' as it starts (ADR 0048). */
export const fulfilmentEmails = defineOrderEmails<FulfilmentEmail>(schemas, words);
