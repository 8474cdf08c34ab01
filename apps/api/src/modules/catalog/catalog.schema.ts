import { PLAN_GROUPS, type Translations } from '@selfcare/domain/order';
import { PRODUCT_KINDS, PRODUCT_RECURRENCES } from '@selfcare/domain/products';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, pgView, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';

/** Companies in the corporate individual scheme: their employees may take the company's CIS plans. */
export const cisCompanies = pgTable('cis_companies', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  emailDomains: text('email_domains').array().notNull(),
  /** The company's registered names as MyInfo reports a person's employer (upper case). */
  employerNames: text('employer_names').array().notNull().default(sql`'{}'::text[]`),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull(),
});

/** What customers buy. Prices in cents including GST; null allowances mean unlimited. */
export const plans = pgTable(
  'plans',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    planGroup: text('plan_group', { enum: PLAN_GROUPS }).notNull(),
    companyCode: text('company_code').references(() => cisCompanies.code),
    monthlyCents: integer('monthly_cents').notNull(),
    dataGb: integer('data_gb'),
    talkMinutes: integer('talk_minutes'),
    sms: integer('sms'),
    roamingGb: integer('roaming_gb').notNull().default(0),
    description: text('description').notNull(),
    /** The description in the other languages staff wrote it in (ADR 0055); English is `description`. */
    descriptions: jsonb('descriptions').$type<Translations>().notNull().default({}),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check('plans_group_check', sql`${t.planGroup} IN ('consumer', 'cis')`),
    check('plans_cis_company_check', sql`(${t.planGroup} = 'cis') = (${t.companyCode} IS NOT NULL)`),
    check('plans_price_check', sql`${t.monthlyCents} >= 0`),
  ],
);

/**
 * What a line can have beside its plan (ADR 0024): monthly add-ons (offered in the order wizard too),
 * boosters, lite top-ups, roaming packs and IDD services. The MVNE knows each by its code and rates
 * use against what it gives; `description` says it to customers. Prices in cents including GST.
 */
export const products = pgTable(
  'products',
  {
    code: text('code').primaryKey(),
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /** The description in the other languages staff wrote it in (ADR 0055); English is `description`. */
    descriptions: jsonb('descriptions').$type<Translations>().notNull().default({}),
    priceCents: integer('price_cents').notNull(),
    recurrence: text('recurrence', { enum: PRODUCT_RECURRENCES }).notNull(),
    /** How long a one-time product serves from when it is bought; null for monthly ones. */
    validityDays: integer('validity_days'),
    /** Whether one purchase may serve several of the customer's lines. */
    shareable: boolean('shareable').notNull().default(false),
    /** Where a roaming pack works (ISO 3166 alpha-2); empty for everything else. */
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    /** The plans it may be added to; null for every plan. */
    planCodes: text('plan_codes').array(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check('products_price_check', sql`${t.priceCents} >= 0`),
    check('products_kind_check', sql`${t.kind} IN ('addon', 'booster', 'top-up', 'roaming-pack', 'idd')`),
    check(
      'products_validity_check',
      sql`(${t.recurrence} = 'once') = (${t.validityDays} IS NOT NULL AND ${t.validityDays} > 0)`,
    ),
  ],
);

/** Promotion codes: a percentage or an amount off the first month of plans and add-ons. */
export const promotionCodes = pgTable(
  'promotion_codes',
  {
    code: text('code').primaryKey(),
    description: text('description').notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    validFrom: ts('valid_from').notNull(),
    validTo: ts('valid_to'),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('promotion_codes_kind_check', sql`(${t.percentOff} IS NULL) <> (${t.amountOffCents} IS NULL)`),
    check('promotion_codes_percent_check', sql`${t.percentOff} IS NULL OR ${t.percentOff} BETWEEN 1 AND 100`),
    check('promotion_codes_amount_check', sql`${t.amountOffCents} IS NULL OR ${t.amountOffCents} > 0`),
  ],
);

/**
 * What calls and SMS to numbers abroad cost, by destination (ISO 3166 alpha-2), in cents including
 * GST: the rates /manage/globalSMS shows beside the IDD services. The MVNE rates IDD use the same.
 */
export const iddRates = pgTable(
  'idd_rates',
  {
    country: text('country').primaryKey(),
    centsPerMinute: integer('cents_per_minute').notNull(),
    smsCents: integer('sms_cents').notNull(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('idd_rates_price_check', sql`${t.centsPerMinute} >= 0 AND ${t.smsCents} >= 0`)],
);

/**
 * A plan's name, price and allowances, for other modules' queries naming plans (ADR 0045; migration
 * 0045): the bill run's plan charges, usage's allowances, the plan a line or an order is on, a plan
 * change's plans. Null allowances mean unlimited.
 */
export const planTerms = pgView('plan_terms', {
  code: text('code').notNull(),
  name: text('name').notNull(),
  monthlyCents: integer('monthly_cents').notNull(),
  dataGb: integer('data_gb'),
  talkMinutes: integer('talk_minutes'),
  sms: integer('sms'),
}).existing();

/**
 * A product's name, and the plans it may be added to (null: every plan), for other modules' queries
 * (ADR 0045; migrations 0045 and 0046).
 */
export const productNames = pgView('product_names', {
  code: text('code').notNull(),
  name: text('name').notNull(),
  planCodes: text('plan_codes').array(),
}).existing();
