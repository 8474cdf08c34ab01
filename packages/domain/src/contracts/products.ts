import { z } from 'zod/mini';
import {
  LINE_PRODUCT_VIEW_STATES,
  PRODUCT_KINDS,
  PRODUCT_RECURRENCES,
  PURCHASE_PAYMENT_STATES,
} from '../products.ts';
import { translationsSchema } from './orders.ts';

/** Something a line can have beside its plan, as the catalog sells it (ADR 0024). */
export const catalogProductSchema = z.object({
  code: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  name: z.string(),
  description: z.string(),
  descriptions: translationsSchema,
  /** GST included: each month's for a monthly product, the purchase's for a one-time one. */
  priceCents: z.number(),
  recurrence: z.enum(PRODUCT_RECURRENCES),
  validityDays: z.nullable(z.number()),
  shareable: z.boolean(),
  /** Where a roaming pack works (ISO 3166 alpha-2). */
  countries: z.array(z.string()),
  /** The plans it may be added to; null for every plan. */
  planCodes: z.nullable(z.array(z.string())),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

/**
 * A product on the customer's lines. `state` is as of now: a removal whose day has passed is ended,
 * one the network has that starts on a later day is scheduled.
 */
export const lineProductSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(PRODUCT_KINDS),
  name: z.string(),
  recurrence: z.enum(PRODUCT_RECURRENCES),
  priceCents: z.number(),
  lineId: z.string(),
  /** Every line it serves (more than one only for a shareable product). */
  lineIds: z.array(z.string()),
  state: z.enum(LINE_PRODUCT_VIEW_STATES),
  /** A one-time purchase's card payment (`refunded`: it never served and was given back); null for a monthly one. */
  payment: z.nullable(z.enum(PURCHASE_PAYMENT_STATES)),
  startsAt: z.nullable(z.string()),
  /** A one-time product's end, or when a removal takes effect. */
  endsAt: z.nullable(z.string()),
  /** Whether it may be changed (removed, its lines changed) now: a booster changes once a month. */
  changeable: z.boolean(),
});
export type LineProduct = z.infer<typeof lineProductSchema>;

/** A line of the account that products can be added to. */
export const productLineSchema = z.object({
  id: z.string(),
  msisdn: z.string(),
  isMainLine: z.boolean(),
  planCode: z.string(),
  planName: z.string(),
  state: z.string(),
});
export type ProductLine = z.infer<typeof productLineSchema>;

/** GET /api/v1/products: the account's lines, what they may have of a kind, and what they have. */
export const productsViewSchema = z.object({
  lines: z.array(productLineSchema),
  catalog: z.array(catalogProductSchema),
  products: z.array(lineProductSchema),
  /** When a monthly product removed now stops (the end of the month's last day). */
  removalAt: z.string(),
  /** What calls and SMS to numbers abroad cost by destination, and a call with the IDD Saver. */
  iddRates: z.array(
    z.object({
      country: z.string(),
      centsPerMinute: z.number(),
      saverCentsPerMinute: z.number(),
      smsCents: z.number(),
    }),
  ),
  /** The saved card one-time purchases are charged to; null when there is none. */
  card: z.nullable(
    z.object({ brand: z.string(), last4: z.string(), expMonth: z.number(), expYear: z.number() }),
  ),
});
export type ProductsView = z.infer<typeof productsViewSchema>;

/** A line's roaming: on or off, the monthly spend cap (null: none) and this month's charged roaming. */
export const lineRoamingSchema = z.object({
  lineId: z.string(),
  msisdn: z.string(),
  isMainLine: z.boolean(),
  enabled: z.boolean(),
  capCents: z.nullable(z.number()),
  spentCents: z.number(),
  capState: z.enum(['none', 'below', 'warned', 'reached']),
});
export type LineRoaming = z.infer<typeof lineRoamingSchema>;

/** GET /api/v1/products/roaming: each active line's roaming settings, with the cap's bounds. */
export const roamingViewSchema = z.object({
  lines: z.array(lineRoamingSchema),
  capMinCents: z.number(),
  capMaxCents: z.number(),
});
export type RoamingView = z.infer<typeof roamingViewSchema>;
