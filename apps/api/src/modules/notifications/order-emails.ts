import { DeliveryMethod, formatMoney, formatSgDay, formatSgMobile, TypeSim } from '@selfcare/domain';
import { DELIVERY_METHOD_LABELS, DONOR_REFUSALS, FulfilmentMessages as M } from '@selfcare/domain/fulfilment';
import { z } from 'zod';

/**
 * The emails a customer gets as their order and lines move on, each a template of its own with
 * typed content: services say what happened, these say it in words. All share one look
 * (`OrderUpdate`): a subject naming the order, paragraphs, and a link to act on.
 */
const order = { name: z.string(), orderNumber: z.string(), link: z.string() };
const donorRefusals = Object.keys(DONOR_REFUSALS) as [keyof typeof DONOR_REFUSALS];

export const orderEmailSchemas = [
  /**
   * An 'Us' line added to an active account was ordered (ADR 0031): nothing is paid now, so this is
   * its confirmation: what was ordered, how it is billed, and what happens next.
   */
  z.object({
    template: z.literal('sub-line-ordered'),
    ...order,
    /** The line's user, as the customer named them. */
    lineUser: z.string(),
    msisdn: z.string(),
    /** Their own number moving in from another network, not a new one. */
    portIn: z.boolean(),
    planName: z.string(),
    planCents: z.number().int(),
    /** One-off fees, on the next bill once the line is live; 0 for none. */
    newNumberFeeCents: z.number().int(),
    deliveryFeeCents: z.number().int(),
    typeSim: z.number().int(),
    deliveryMethod: z.number().int().nullable(),
    /** YYYY-MM-DD, the planned day; null for an eSIM. */
    deliveryDate: z.string().nullable(),
  }),
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
  z.object({ template: z.literal('port-completed'), ...order, msisdn: z.string() }),
  /** The donor network did not let the number go; `refusal` says why when it said. */
  z.object({
    template: z.literal('port-refused'),
    ...order,
    msisdn: z.string(),
    refusal: z.enum(donorRefusals).nullable(),
  }),
] as const;
export type OrderEmail = z.infer<(typeof orderEmailSchemas)[number]>;
/** An order email's own content: the sender adds whom it greets, the order and the link. */
export type OrderEmailContent = OrderEmail extends infer T
  ? T extends OrderEmail
    ? Omit<T, 'name' | 'orderNumber' | 'link'>
    : never
  : never;

/** What an order email says: the subject (before ': order <number>'), its paragraphs and its link. */
export interface OrderUpdate {
  name: string;
  orderNumber: string;
  subject: string;
  paragraphs: string[];
  link?: string;
  linkLabel?: string;
}

const refunding = (cents: number | null) =>
  cents
    ? `We are refunding ${formatMoney(cents)} to your card. It can take up to 10 working days to appear.`
    : '';

/** The one-off fees of an added 'Us' line, written out: 'new number fee $10.70, delivery $5.50'. */
function oneOffFees(t: { newNumberFeeCents: number; deliveryFeeCents: number }): string {
  return [
    t.newNumberFeeCents > 0 ? `new number fee ${formatMoney(t.newNumberFeeCents)}` : '',
    t.deliveryFeeCents > 0 ? `delivery ${formatMoney(t.deliveryFeeCents)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * Whose ID is checked when the SIM is handed over: the person the line is registered to. That is the
 * holder for their own order, and an added 'Us' line's user for theirs, who may not be the holder.
 */
function idToShow(t: Extract<OrderEmail, { template: 'sim-on-its-way' }>): string {
  const collect = t.deliveryMethod === DeliveryMethod.SelfCollection;
  if (!t.lineUser)
    return collect
      ? 'Bring your ID when you collect it.'
      : 'Please have your ID ready: the courier checks it on delivery.';
  return collect
    ? `The SIM is for ${t.lineUser}'s line: ${t.lineUser} collects it and shows their own NRIC or FIN, the one the line is registered to.`
    : `The SIM is for ${t.lineUser}'s line: ${t.lineUser} receives it and shows the courier their own NRIC or FIN, the one the line is registered to.`;
}

function words(t: OrderEmail): Omit<OrderUpdate, 'name' | 'orderNumber' | 'link'> {
  switch (t.template) {
    case 'sub-line-ordered': {
      const number = t.portIn
        ? `their own number ${formatSgMobile(t.msisdn)}, moving to us from their network`
        : `the new number ${formatSgMobile(t.msisdn)}`;
      const fees = oneOffFees(t);
      const sent =
        t.typeSim === TypeSim.ESim
          ? 'Then we email you the eSIM to install on their phone.'
          : `Then we send the SIM (${DELIVERY_METHOD_LABELS[t.deliveryMethod ?? -1] ?? 'delivery'}${t.deliveryDate ? `, planned for ${formatSgDay(t.deliveryDate, 'weekday')}` : ''}) and email you when it is on its way.`;
      return {
        subject: "Your 'Us' line is ordered",
        paragraphs: [
          `Thank you for your order ${t.orderNumber}: an 'Us' line for ${t.lineUser}, with ${number}, on the ${t.planName} plan at ${formatMoney(t.planCents)} a month.`,
          `Nothing is charged now. The line is billed monthly with your account, from the day it is live${fees ? `; its one-off fees (${fees}) go on your next bill then` : ''}.`,
          `What happens next: our staff check the order and the details of the line's user. ${sent}`,
        ],
      };
    }
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
    case 'port-completed':
      return {
        subject: 'Your number has moved to us',
        paragraphs: [
          `Your number ${t.msisdn} is now with us.`,
          'The temporary number you used meanwhile has been released: people can reach you on your own number again.',
        ],
        linkLabel: 'See your number porting',
      };
    case 'port-refused': {
      const why = t.refusal ? DONOR_REFUSALS[t.refusal] : null;
      return {
        subject: 'Your number could not be moved',
        paragraphs: [
          `Your network could not move ${t.msisdn} to us.`,
          why ? `Reason: ${why.reason}` : '',
          why ? why.advice : '',
        ],
        linkLabel: 'See your number porting',
      };
    }
  }
}

/** An order email's words; a paragraph with nothing to say (no refund, no reason given) is left out. */
export function orderUpdateOf(t: OrderEmail): OrderUpdate {
  const w = words(t);
  return {
    name: t.name,
    orderNumber: t.orderNumber,
    link: t.link,
    ...w,
    paragraphs: w.paragraphs.filter(Boolean),
  };
}
