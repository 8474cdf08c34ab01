import { LINE_PRODUCT_STATES, PRODUCT_KINDS, PRODUCT_RECURRENCES } from '@selfcare/domain/products';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';
import { products } from '../catalog/catalog.schema.ts';
import { subscriptions } from '../lines/lines.schema.ts';

/**
 * The products each line has (ADR 0024, TMF637 in spirit): what, for which lines, since and until
 * when, what it cost, and how far the MVNE has been told. A row is written when the customer buys
 * (or the order's line goes live) and moves through pending, active, ending and ended; the MVNE
 * hears of it through a job that names the row, so telling it twice changes nothing.
 */
export const lineProducts = pgTable(
  'line_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account that pays for it. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The line it was bought for. */
    lineId: uuid('line_id')
      .notNull()
      .references(() => subscriptions.id),
    /** Every line it serves: the line it was bought for, and more for a shareable product. */
    lineIds: uuid('line_ids').array().notNull(),
    productCode: text('product_code')
      .notNull()
      .references(() => products.code),
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull(),
    recurrence: text('recurrence', { enum: PRODUCT_RECURRENCES }).notNull(),
    /** The price when bought: what each month (monthly) or the purchase (once) costs. */
    priceCents: integer('price_cents').notNull(),
    /** 'order' when it came with the line's order (which paid its first month), else 'portal'. */
    source: text('source', { enum: ['order', 'portal'] }).notNull(),
    state: text('state', { enum: LINE_PRODUCT_STATES }).notNull(),
    /** The customer's key for the purchase: the same key again is the same purchase. */
    requestKey: text('request_key'),
    startsAt: ts('starts_at'),
    /** When it stops serving: a one-time product's end, or a removal's. */
    endsAt: ts('ends_at'),
    /** The first Singapore day the monthly bill charges (the order paid the days before it). */
    billedFrom: date('billed_from', { mode: 'string' }),
    /** A one-time purchase's card payment: charging (asked of the gateway), paid, declined, refunded. */
    paymentState: text('payment_state', { enum: ['charging', 'paid', 'declined', 'refunded'] }),
    chargeId: text('charge_id'),
    paidAt: ts('paid_at'),
    /** The card it was charged to as the receipt names it ('VISA •••• 4242'): a refund goes back to it. */
    card: text('card'),
    /** When the gateway gave a paid purchase that never served back (ADR 0024's refunds). */
    refundedAt: ts('refunded_at'),
    mvneProductId: text('mvne_product_id'),
    /** When the MVNE was told of the lines it serves now (null: a change not sent yet). */
    linesSentAt: ts('lines_sent_at'),
    /** When the MVNE was told of the removal (null: not yet, or none asked). */
    removalSentAt: ts('removal_sent_at'),
    /** The last purchase, removal or change of lines: a booster changes once a month. */
    changedAt: ts('changed_at').notNull(),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('line_products_user_idx').on(t.userId),
    index('line_products_line_idx').on(t.lineId),
    uniqueIndex('line_products_request_key').on(t.userId, t.requestKey),
    // One live product of a code per line: subscribing twice is the same subscription.
    uniqueIndex('line_products_live_key')
      .on(t.lineId, t.productCode)
      .where(sql`${t.state} IN ('pending', 'active', 'ending') AND ${t.recurrence} = 'monthly'`),
    // Purchases whose charge had no answer yet: the reconciler asks the gateway again.
    index('line_products_charging_idx').on(t.createdAt).where(sql`${t.paymentState} = 'charging'`),
    // Paid purchases the MVNE has not taken yet: the sweep refunds those that ended or failed meanwhile.
    index('line_products_unserved_idx')
      .on(t.updatedAt)
      .where(sql`${t.paymentState} = 'paid' AND ${t.mvneProductId} IS NULL`),
    // Paid packs for a later day whose line ended before it: the sweep refunds those too.
    index('line_products_unstarted_idx')
      .on(t.updatedAt)
      .where(
        sql`${t.paymentState} = 'paid' AND ${t.mvneProductId} IS NOT NULL AND ${t.endsAt} <= ${t.startsAt}`,
      ),
    check('line_products_state_check', sql`${t.state} IN ('pending', 'active', 'ending', 'ended', 'failed')`),
    check('line_products_lines_check', sql`${t.lineId} = ANY(${t.lineIds})`),
  ],
);

/** `failed`: the MVNE refused it on its day; the line stays on its plan. */
export const PLAN_CHANGE_STATES = ['scheduled', 'applied', 'cancelled', 'failed'] as const;

/**
 * Plan changes (ADR 0024): asked for now, applied at the MVNE on the day they take effect (the next
 * 7th, 15th or 21st, or the working day after) by a scheduled job. One scheduled change per line,
 * which the customer may cancel until it is applied.
 */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    lineId: uuid('line_id')
      .notNull()
      .references(() => subscriptions.id),
    fromPlan: text('from_plan').notNull(),
    toPlan: text('to_plan').notNull(),
    /** The Singapore day it takes effect: the bill charges the new plan from it. */
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    state: text('state', { enum: PLAN_CHANGE_STATES }).notNull(),
    createdAt: ts('created_at').notNull(),
    appliedAt: ts('applied_at'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [
    index('plan_changes_user_idx').on(t.userId),
    uniqueIndex('plan_changes_scheduled_key').on(t.lineId).where(sql`${t.state} = 'scheduled'`),
    // The job's daily look for changes due.
    index('plan_changes_due_idx').on(t.effectiveOn).where(sql`${t.state} = 'scheduled'`),
    // The bill run's plan in force on each day of a line's month.
    index('plan_changes_line_idx').on(t.lineId, t.effectiveOn).where(sql`${t.state} = 'applied'`),
    check('plan_changes_state_check', sql`${t.state} IN ('scheduled', 'applied', 'cancelled', 'failed')`),
  ],
);

/**
 * Roaming per line (ADR 0024): on or off, and the monthly spend cap on roaming used outside any pack
 * (null: none). The MVNE is told by a job; it bars all use abroad when off, and roaming data once
 * the month's charged roaming reaches the cap.
 */
export const lineRoaming = pgTable(
  'line_roaming',
  {
    lineId: uuid('line_id')
      .primaryKey()
      .references(() => subscriptions.id),
    enabled: boolean('enabled').notNull().default(true),
    capCents: integer('cap_cents'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [check('line_roaming_cap_check', sql`${t.capCents} IS NULL OR ${t.capCents} >= 0`)],
);

/** The roaming cap's 80% and 100% notices sent, once per line, bundle month and threshold. */
export const roamingCapAlerts = pgTable(
  'roaming_cap_alerts',
  {
    lineId: uuid('line_id')
      .notNull()
      .references(() => subscriptions.id),
    month: text('month').notNull(),
    threshold: smallint('threshold').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lineId, t.month, t.threshold] })],
);
