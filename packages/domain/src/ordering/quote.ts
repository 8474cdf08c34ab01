import type { DeliveryMethod } from '../enums.ts';
import { gstIncluded } from '../money.ts';
import { NumberType } from './enums.ts';
import { deliveryFeeCents, type Fees } from './fees.ts';

/**
 * The words of an order summary's fees (ADR 0055): templates the catalogs translate. A plan's or an
 * add-on's item is its line's label and its name, as the catalog has them.
 */
export const QuoteMessages = {
  newNumberFee: 'New number fee',
  numberFee: (line: string) => `${line}: New number fee`,
  delivery: 'Delivery',
  promotion: (code: string) => `Promotion ${code}`,
} as const;

export interface QuoteLineInput {
  /** 'Me' for the main line, 'Us 1', 'Us 2', ... for additional lines. */
  label: string;
  planName: string;
  planCents: number;
  addons: { name: string; cents: number }[];
  numberType: NumberType;
}

export interface Promotion {
  code: string;
  percentOff: number | null;
  amountOffCents: number | null;
}

export interface QuoteItem {
  kind: 'plan' | 'addon' | 'numberFee' | 'delivery' | 'discount';
  label: string;
  amountCents: number;
}

/** A line of the order summary: who it is for, the plan and add-ons, and its number. */
export interface SummaryLine {
  label: string;
  planName: string;
  addons: string[];
  numberType: NumberType;
  msisdn: string;
  donorNetwork: string | null;
}

export interface Quote {
  items: QuoteItem[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  gstPercent: number;
  gstCents: number;
  /** What the card is charged when the order is placed: 0 for a roadshow order, billed later. */
  dueNowCents: number;
}

/**
 * The order summary: every line's first month of plan and add-ons, the new-number fee for each new
 * number (a ported-in number has none), the delivery fee, and a promotion that takes a percentage
 * or an amount off the plan and add-on charges only (never the one-off fees, never below zero).
 * All amounts include GST; the GST they contain is shown with its rate (ADR 0009).
 */
export function quoteOrder(input: {
  lines: QuoteLineInput[];
  deliveryMethod: DeliveryMethod | null;
  promotion: Promotion | null;
  fees: Fees;
  chargeNow: boolean;
}): Quote {
  const items: QuoteItem[] = [];
  let recurring = 0;
  for (const line of input.lines) {
    items.push({ kind: 'plan', label: `${line.label}: ${line.planName}`, amountCents: line.planCents });
    recurring += line.planCents;
    for (const addon of line.addons) {
      items.push({ kind: 'addon', label: `${line.label}: ${addon.name}`, amountCents: addon.cents });
      recurring += addon.cents;
    }
    if (line.numberType === NumberType.New)
      items.push({
        kind: 'numberFee',
        label: QuoteMessages.numberFee(line.label),
        amountCents: input.fees.newNumberCents,
      });
  }
  if (input.deliveryMethod !== null) {
    const fee = deliveryFeeCents(input.deliveryMethod, input.fees);
    items.push({ kind: 'delivery', label: QuoteMessages.delivery, amountCents: fee });
  }
  const subtotalCents = items.reduce((sum, i) => sum + i.amountCents, 0);
  const discountCents = promotionDiscount(input.promotion, recurring);
  if (discountCents > 0 && input.promotion)
    items.push({
      kind: 'discount',
      label: QuoteMessages.promotion(input.promotion.code),
      amountCents: -discountCents,
    });
  const totalCents = subtotalCents - discountCents;
  return {
    items,
    subtotalCents,
    discountCents,
    totalCents,
    gstPercent: input.fees.gstPercent,
    gstCents: gstIncluded(totalCents, input.fees.gstPercent),
    dueNowCents: input.chargeNow ? totalCents : 0,
  };
}

export function promotionDiscount(promotion: Promotion | null, eligibleCents: number): number {
  if (!promotion || eligibleCents <= 0) return 0;
  const off =
    promotion.percentOff !== null
      ? Math.round((eligibleCents * promotion.percentOff) / 100)
      : (promotion.amountOffCents ?? 0);
  return Math.max(0, Math.min(off, eligibleCents));
}
