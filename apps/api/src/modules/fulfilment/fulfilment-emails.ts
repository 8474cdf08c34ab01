import { DeliveryMethod, formatMoney, formatSgDay } from '@selfcare/domain';
import { DELIVERY_METHOD_LABELS, FulfilmentMessages as M } from '@selfcare/domain/fulfilment';
import { z } from 'zod';
import {
  defineOrderEmails,
  type OrderEmailContent,
  type OrderWords,
  orderFields as order,
} from '../notifications/index.ts';

/**
 * The emails a customer gets as staff and the network move their order on: turned away, cancelled,
 * documents asked for, the SIM sent or not delivered, every line live.
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

const refunding = (cents: number | null) =>
  cents
    ? `We are refunding ${formatMoney(cents)} to your card. It can take up to 10 working days to appear.`
    : '';

/**
 * Whose ID is checked when the SIM is handed over: the person the line is registered to. That is the
 * holder for their own order, and an added 'Us' line's user for theirs, who may not be the holder.
 */
function idToShow(t: Extract<FulfilmentEmail, { template: 'sim-on-its-way' }>): string {
  const collect = t.deliveryMethod === DeliveryMethod.SelfCollection;
  if (!t.lineUser)
    return collect
      ? 'Bring your ID when you collect it.'
      : 'Please have your ID ready: the courier checks it on delivery.';
  return collect
    ? `The SIM is for ${t.lineUser}'s line: ${t.lineUser} collects it and shows their own NRIC or FIN, the one the line is registered to.`
    : `The SIM is for ${t.lineUser}'s line: ${t.lineUser} receives it and shows the courier their own NRIC or FIN, the one the line is registered to.`;
}

/** What each email says. */
function words(t: FulfilmentEmail): OrderWords {
  switch (t.template) {
    case 'order-rejected':
      return {
        subject: 'Your order was not approved',
        paragraphs: [
          `We could not approve your order ${t.orderNumber}.`,
          `Reason: ${t.reason}`,
          refunding(t.refundCents),
          'You are welcome to place a new order. If you have questions, contact us.',
        ],
      };
    case 'order-cancelled':
      return {
        subject: 'Your order was cancelled',
        paragraphs: [
          `Your order ${t.orderNumber} has been cancelled.`,
          `Reason: ${t.reason}`,
          refunding(t.refundCents),
          `As our terms say, a cancelled order carries the ${formatMoney(t.adminFeeCents)} admin fee, charged on your first bill.`,
        ],
      };
    case 'documents-requested':
      return {
        subject: 'Please upload your ID documents',
        paragraphs: [
          `To approve your order ${t.orderNumber}, we need a clear copy of the front and back of your ID.`,
          `Why: ${t.reason}`,
          'Log in and upload them. Your order goes ahead as soon as we have checked them.',
        ],
        linkLabel: 'Upload ID documents',
      };
    case 'sim-on-its-way':
      return {
        subject: 'Your SIM is on its way',
        paragraphs: [
          `Your SIM for order ${t.orderNumber} is on its way by ${DELIVERY_METHOD_LABELS[t.deliveryMethod] ?? ''}, planned for ${formatSgDay(t.deliveryDate, 'weekday')}.`,
          `Tracking code: ${t.trackingCode}`,
          idToShow(t),
        ],
      };
    case 'delivery-failed':
      return {
        subject: 'We could not deliver your SIM',
        paragraphs: [
          `We could not deliver the SIM for order ${t.orderNumber}.`,
          `Reason: ${t.reason}`,
          'We will contact you to arrange another delivery.',
        ],
      };
    case 'lines-active':
      return {
        subject: 'Your line is active',
        paragraphs: [
          `${M.activated}. Every line of order ${t.orderNumber} is now active.`,
          'See your usage and manage your lines in the portal.',
        ],
        linkLabel: 'Open my dashboard',
      };
  }
}

/** Its templates, which the module adds to notifications' as it starts (ADR 0048). */
export const fulfilmentEmails = defineOrderEmails<FulfilmentEmail>(schemas, words);
