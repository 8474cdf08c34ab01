import { formatMoney, formatSgDay, formatSgMobile, TypeSim } from '@selfcare/domain';
import { DELIVERY_METHOD_LABELS } from '@selfcare/domain/fulfilment';
import { z } from 'zod';
import { defineOrderEmails, type OrderWords, orderFields as order } from '../notifications/index.ts';

/**
 * The email that confirms an 'Us' line added to an active account (ADR 0031).
 */
const schemas = [
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
] as const;
export type OrdersEmail = z.infer<(typeof schemas)[number]>;

declare module '../notifications/index.ts' {
  interface ModuleEmails {
    orders: OrdersEmail;
  }
}

/** The one-off fees of an added 'Us' line, written out: 'new number fee $10.70, delivery $5.50'. */
function oneOffFees(t: { newNumberFeeCents: number; deliveryFeeCents: number }): string {
  return [
    t.newNumberFeeCents > 0 ? `new number fee ${formatMoney(t.newNumberFeeCents)}` : '',
    t.deliveryFeeCents > 0 ? `delivery ${formatMoney(t.deliveryFeeCents)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** What the email says. */
function words(t: OrdersEmail): OrderWords {
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
  }
}

/** Its templates, which the module adds to notifications' as it starts (ADR 0048). */
export const ordersEmails = defineOrderEmails<OrdersEmail>(schemas, words);
