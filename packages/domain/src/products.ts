import { formatMoney } from './money.ts';
import { productAllowedOn } from './ordering/catalog.ts';
import { bundleMonth } from './usage.ts';

/**
 * Products a line has after ordering: monthly add-ons, boosters, lite top-ups, roaming packs and IDD
 * services. Pure rules shared by the API, the bill run and the pages (ADR 0024).
 */

/** What the catalog sells after ordering; the order wizard offers the add-ons. */
export const PRODUCT_KINDS = ['addon', 'booster', 'top-up', 'roaming-pack', 'idd'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Monthly products are charged on each bill while the line has them; one-time ones when bought. */
export const PRODUCT_RECURRENCES = ['monthly', 'once'] as const;
export type ProductRecurrence = (typeof PRODUCT_RECURRENCES)[number];

/**
 * A product on a line: `pending` until it is paid (one-time) and the MVNE has it, `active` while it
 * serves, `ending` when its removal is booked for a later day, `ended` after, and `failed` when it
 * could not be bought (the card was declined; nothing was provisioned or kept).
 */
export const LINE_PRODUCT_STATES = ['pending', 'active', 'ending', 'ended', 'failed'] as const;
export type LineProductState = (typeof LINE_PRODUCT_STATES)[number];

/**
 * A product's state as the customer reads it now: also `scheduled`, a product the network has that
 * starts on a later day (a roaming pack bought to start then, ADR 0041), and not yet serving.
 */
export const LINE_PRODUCT_VIEW_STATES = [...LINE_PRODUCT_STATES, 'scheduled'] as const;
export type LineProductViewState = (typeof LINE_PRODUCT_VIEW_STATES)[number];

/**
 * A one-time purchase's card payment: `charging` while the gateway has not answered, `paid`,
 * `declined`, and `refunded` when it never served (its line ended first, or it could not be set up)
 * and the gateway gave the money back (ADR 0024).
 */
export const PURCHASE_PAYMENT_STATES = ['charging', 'paid', 'declined', 'refunded'] as const;
export type PurchasePaymentState = (typeof PURCHASE_PAYMENT_STATES)[number];

/** How long a refunded purchase stays listed with the products, so the customer sees what happened. */
export const REFUNDED_SHOWN_DAYS = 30;

/** Boosters and lite top-ups bought once are valid for 30 days (spec §9). */
export const ONE_TIME_VALIDITY_DAYS = 30;
const DAY_MS = 86_400_000;

/** When a one-time product bought at `start` stops serving: `days` (30 unless the pack says) later. */
export const oneTimeEnd = (start: Date, days = ONE_TIME_VALIDITY_DAYS) =>
  new Date(start.getTime() + days * DAY_MS);

/**
 * When removing a monthly product asked for at `at` takes effect. A monthly booster is removed on the
 * last day of the month (spec §4): it serves to the end of that day, the bundle month's end. Other
 * monthly add-ons end the same way, so no month is paid for in part.
 */
export const monthlyRemovalAt = (at: Date): Date => bundleMonth(at).end;

/**
 * Only one change per month per booster (spec §4): buying, removing or changing the lines it serves
 * is a change; a second in the same bundle month (Singapore calendar) is refused.
 */
export function boosterChangeAllowed(lastChangeAt: Date | null, now: Date): boolean {
  if (!lastChangeAt) return true;
  return bundleMonth(lastChangeAt).start.getTime() !== bundleMonth(now).start.getTime();
}

/**
 * A roaming spend cap (beyond the spec): the customer sets a monthly amount for roaming used outside
 * any pack; the MVNE bars roaming data once the month's charges reach it. The customer is told at
 * 80% and at the cap.
 */
export const ROAMING_CAP = { minCents: 1000, maxCents: 100_000, warnPercent: 80 } as const;
export type RoamingCapState = 'none' | 'below' | 'warned' | 'reached';

export function roamingCapState(capCents: number | null, spentCents: number): RoamingCapState {
  if (capCents === null) return 'none';
  if (spentCents >= capCents) return 'reached';
  if (spentCents * 100 >= capCents * ROAMING_CAP.warnPercent) return 'warned';
  return 'below';
}

// With the catalog's types, so that the order wizard reads it without this module.
export { productAllowedOn };

/**
 * The recurring products of a line that a move to `planCode` ends (the new plan does not take
 * them): the plan change page names them before the customer confirms, and the change ends them.
 */
export const endedByPlanChange = <T extends { planCodes: readonly string[] | null }>(
  products: readonly T[],
  planCode: string,
): T[] => products.filter((p) => !productAllowedOn(p.planCodes, planCode));

/**
 * When a plan change taking effect on the Singapore `day` ends the products the new plan does not
 * take: as the day starts, so the bill charges them to the day before, as it does the old plan.
 */
export const planChangeStartsAt = (day: string) => new Date(`${day}T00:00:00+08:00`);

/**
 * A roaming pack may start on a later day than it is bought: today, or a Singapore day up to this
 * many days ahead (ADR 0041).
 */
export const ROAMING_START_MAX_DAYS = 30;

/** The Singapore day `days` after `day` (both YYYY-MM-DD); Singapore keeps no daylight saving. */
export const sgDayPlus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Why a roaming pack cannot start on `day` when it is `today` in Singapore; null when it can. */
export function roamingStartProblem(day: string, today: string): string | null {
  if (day < today) return ProductMessages.startInPast;
  if (day > sgDayPlus(today, ROAMING_START_MAX_DAYS)) return ProductMessages.startTooFar;
  return null;
}

/**
 * When a roaming pack of `days` days serves. Starting today it serves from `now` (as soon as the
 * network has it) for its days; starting on a later Singapore day, from that day's midnight for
 * its days. `lastDay` is the last Singapore day it serves, as the page writes "Valid from … to …".
 */
export function roamingPackWindow(
  startDay: string | undefined,
  now: Date,
  days: number,
): { startsAt: Date; endsAt: Date; firstDay: string; lastDay: string; later: boolean } {
  const today = sgDayOf(now);
  const later = !!startDay && startDay > today;
  const startsAt = later ? new Date(`${startDay}T00:00:00+08:00`) : now;
  const endsAt = oneTimeEnd(startsAt, days);
  return {
    startsAt,
    endsAt,
    firstDay: later ? (startDay as string) : today,
    lastDay: sgDayOf(new Date(endsAt.getTime() - 1)),
    later,
  };
}

/** The Singapore day (YYYY-MM-DD) of an instant: UTC+8 all year. */
const sgDayOf = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** With the IDD Saver, a call abroad costs half its per-minute rate, the half rounded up to a cent. */
export const iddSaverRate = (centsPerMinute: number) => Math.ceil(centsPerMinute / 2);

/** The spec's texts for buying and changing products, and ours where it has none. */
export const ProductMessages = {
  /** A card purchase given back, as /bills lists it beside the purchase: the product's name. */
  refunded: (name: string) => `${name} (refund)`,
  /**
   * A one-time purchase the saved card was declined for: the page has no card fields, so the spec's
   * 'Please re-enter' would ask for what cannot be done there; the page links to changing the card.
   */
  cardDeclined:
    'Your saved card was declined. Please check your card details or balance, or change your card.',
  addonChanged: 'Add-on subscribed/unsubscribed successfully.',
  serviceChanged: 'Service subscribed/unsubscribed successfully.',
  chooseRoaming: 'Please choose Roaming.',
  notInCatalog: 'This product is not available.',
  notForPlan: "This product is not available on the line's plan.",
  alreadyActive: 'The line already has this product.',
  notActive: 'The line does not have this product.',
  oneChangeAMonth: 'This booster has already been changed this month. Please try again next month.',
  notShareable: 'Only a shareable product can serve more than one line.',
  lineNotActive: 'The line is not active.',
  pending:
    'Your purchase is being set up on the network. It will show here as active as soon as the network confirms it.',
  noCard: 'Please save a card for payments first.',
  planPending: 'This line already has a plan change waiting. Cancel it to choose another plan.',
  samePlan: 'The line is on this plan already.',
  planNotOffered: 'This plan is not available for your line.',
  planChangeApplied: 'This plan change has taken effect and can no longer be cancelled.',
  capRange: 'The roaming cap must be between $10.00 and $1,000.00.',
  startInPast: 'The start day cannot be in the past. Choose today or a later day.',
  startTooFar: `The start day must be within ${ROAMING_START_MAX_DAYS} days from today.`,
  startOnlyRoaming: 'Only a roaming pack can start on a later day.',
  /** The price the customer confirmed is no longer the catalog's: they see the new one and confirm again. */
  priceChanged: (priceCents: number) =>
    `The price has changed to ${formatMoney(priceCents)}. Please check it and confirm again.`,
} as const;

/** Whether the price a customer confirmed (when the page sent it) is still the catalog's. */
export const confirmedPriceHolds = (confirmedCents: number | undefined, catalogCents: number) =>
  confirmedCents === undefined || confirmedCents === catalogCents;
