import { formatMoney, formatSgDay, formatSgMobile, type Locale, TypeSim } from '@selfcare/domain';
import { z } from 'zod';
import {
  defineOrderEmails,
  deliveryMethodName,
  type OrderWords,
  orderFields as order,
} from '../notifications/index.ts';
import { texts } from './order-texts.ts';

/**
 * The email that confirms an 'Us' line added to an active account (ADR 0031), in the customer's
 * language (ADR 0055).
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

/** The one-off fees of an added 'Us' line, written out in `locale`: 'new number fee $10.70, delivery $5.50'. */
function oneOffFees(t: { newNumberFeeCents: number; deliveryFeeCents: number }, locale: Locale): string {
  const numberFee = formatMoney(t.newNumberFeeCents);
  const deliveryFee = formatMoney(t.deliveryFeeCents);
  if (t.newNumberFeeCents > 0 && t.deliveryFeeCents > 0)
    return texts.t(locale, 'subLine.feesBoth', { numberFee, deliveryFee });
  if (t.newNumberFeeCents > 0) return texts.t(locale, 'subLine.feeNumber', { numberFee });
  if (t.deliveryFeeCents > 0) return texts.t(locale, 'subLine.feeDelivery', { deliveryFee });
  return '';
}

/** What the email says, in `locale` (ADR 0055): the planned day as the language writes it. */
function words(t: OrdersEmail, locale: Locale): OrderWords {
  switch (t.template) {
    case 'sub-line-ordered': {
      const fees = oneOffFees(t, locale);
      const method = deliveryMethodName(t.deliveryMethod, locale) ?? texts.t(locale, 'subLine.delivery');
      const sent =
        t.typeSim === TypeSim.ESim
          ? texts.t(locale, 'subLine.sentEsim')
          : t.deliveryDate
            ? texts.t(locale, 'subLine.sentSimOn', {
                method,
                day: formatSgDay(t.deliveryDate, 'weekday', locale),
              })
            : texts.t(locale, 'subLine.sentSim', { method });
      return {
        subject: texts.t(locale, 'subLine.subject'),
        paragraphs: [
          texts.t(locale, 'subLine.ordered', {
            orderNumber: t.orderNumber,
            lineUser: t.lineUser,
            portIn: t.portIn ? 'yes' : 'no',
            msisdn: formatSgMobile(t.msisdn),
            planName: t.planName,
            price: formatMoney(t.planCents),
          }),
          fees ? texts.t(locale, 'subLine.billedFees', { fees }) : texts.t(locale, 'subLine.billed'),
          texts.t(locale, 'subLine.next', { sent }),
        ],
      };
    }
  }
}

/** Its templates, which the module adds to notifications' as it starts (ADR 0048). */
export const ordersEmails = defineOrderEmails<OrdersEmail>(schemas, words);
