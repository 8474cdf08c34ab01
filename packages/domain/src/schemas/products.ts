import * as z from 'zod/mini';
import { Messages } from '../messages.ts';
import { PRODUCT_KINDS, ProductMessages, ROAMING_CAP, roamingStartProblem } from '../products.ts';
import { requiredString } from './fields.ts';

/** Whether `v` is a calendar day written YYYY-MM-DD that exists. */
const isDay = (v: string) => {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : Number.NaN;
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === v;
};
const startDayField = () =>
  z.string(Messages.invalid('Start day')).check(z.refine(isDay, Messages.invalid('Start day')));

const lineId = z.uuid('Line is invalid');
/**
 * The price the page showed and the customer confirmed, in cents (GST included): refused when the
 * catalog's has changed since, so nobody pays a price they did not see.
 */
const confirmedPrice = z.optional(
  z.number('Price is invalid').check(z.int('Price is invalid'), z.gte(0, 'Price is invalid')),
);

/** GET /api/v1/products: one kind of product (the page's), or all. */
export const productsQuerySchema = z.object({ kind: z.optional(z.enum(PRODUCT_KINDS)) });
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

/**
 * POST /api/v1/products: buy or subscribe. `requestKey` is the page's key for this purchase: the same
 * key again (a double click, a retry) is the same purchase. A shareable product may name more lines.
 */
export const buyProductSchema = z.object({
  code: requiredString('Product', 40),
  lineId,
  lineIds: z.optional(z.array(lineId).check(z.minLength(1), z.maxLength(10))),
  requestKey: z.uuid('Request key is invalid'),
  priceCents: confirmedPrice,
  /**
   * A roaming pack's first Singapore day (YYYY-MM-DD): today or up to 30 days ahead (ADR 0041);
   * none for today. Whether it is in range depends on the day: `roamingStartDateOn`.
   */
  startDate: z.optional(startDayField()),
});
export type BuyProductInput = z.infer<typeof buyProductSchema>;

/**
 * A roaming pack's start day as it is on `today` (Singapore): not in the past, and at most 30 days
 * ahead. The API checks it on its clock's day; the roaming page's form on the browser's.
 */
export const roamingStartDateOn = (today: string) =>
  startDayField().check(
    z.refine((day: string) => !isDay(day) || roamingStartProblem(day, today) === null, {
      error: (issue) => roamingStartProblem(String(issue.input), today) ?? undefined,
    }),
  );

/** PUT /api/v1/products/{id}/lines: the lines a shareable product serves from now. */
export const productLinesSchema = z.object({
  lineIds: z.array(lineId).check(z.minLength(1, 'Choose at least one line.'), z.maxLength(10)),
});
export type ProductLinesInput = z.infer<typeof productLinesSchema>;

/** POST /api/v1/plan-changes: move a line to another plan on the next processing day. */
export const planChangeInputSchema = z.object({
  lineId,
  planCode: requiredString('Plan', 40),
  priceCents: confirmedPrice,
});
export type PlanChangeInput = z.infer<typeof planChangeInputSchema>;

/** PUT /api/v1/products/roaming/{lineId}: roaming on or off, and the monthly cap in cents (null: none). */
export const lineRoamingInputSchema = z.object({
  enabled: z.optional(z.boolean('Roaming is invalid')),
  capCents: z.optional(
    z.nullable(
      z
        .number('The cap is invalid')
        .check(
          z.int('The cap is invalid'),
          z.gte(ROAMING_CAP.minCents, ProductMessages.capRange),
          z.lte(ROAMING_CAP.maxCents, ProductMessages.capRange),
        ),
    ),
  ),
});
export type LineRoamingInput = z.infer<typeof lineRoamingInputSchema>;
