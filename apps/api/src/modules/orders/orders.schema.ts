import { ORDER_STATUSES } from '@selfcare/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  pgView,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';
import { plans } from '../catalog/catalog.schema.ts';
import { staffUsers } from '../staff/staff.schema.ts';

/**
 * The order a customer is putting together, one per customer, so that a refresh or a return the
 * next day resumes it. `data` holds each completed step as its shared schema parsed it.
 */
export const orderDrafts = pgTable('order_drafts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  mvneReservationId: text('mvne_reservation_id'),
  reservedNumbers: text('reserved_numbers').array().notNull().default(sql`'{}'::text[]`),
  reservedUntil: ts('reserved_until'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Order numbers customers read and quote: SC100001, SC100002, ... */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001 });

/** A placed order. `status` takes the spec's order statuses exactly; `quote` is the summary as charged. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** 'sub-line': an 'Us' line an active customer added on /manage/mobileSubLine/create (ADR 0031). */
    kind: text('kind', { enum: ['order', 'sub-line'] })
      .notNull()
      .default('order'),
    roadshow: boolean('roadshow').notNull(),
    typeSim: smallint('type_sim').notNull(),
    deliveryMethod: smallint('delivery_method'),
    deliveryDate: text('delivery_date'),
    deliveryAddress: jsonb('delivery_address'),
    billingAddress: jsonb('billing_address').notNull(),
    profile: jsonb('profile').notNull(),
    promotionCode: text('promotion_code'),
    quote: jsonb('quote').notNull(),
    totalCents: integer('total_cents').notNull(),
    dueNowCents: integer('due_now_cents').notNull(),
    mvneReservationId: text('mvne_reservation_id'),
    mvneOrderId: text('mvne_order_id'),
    paidAt: ts('paid_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    index('orders_user_id_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    // The staff queue's searches by ID number and by contact number.
    index('orders_id_number_idx').on(sql`upper(${t.profile}->>'idNumber')`),
    index('orders_contact_number_idx').on(sql`(${t.profile}->>'contactNumber')`),
    // A name is searched anywhere in it, across every status: trigrams (pg_trgm) serve ILIKE '%…%'.
    index('orders_full_name_trgm_idx').using('gin', sql`(${t.profile}->>'fullName') gin_trgm_ops`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    addonCodes: text('addon_codes').array().notNull(),
    numberType: text('number_type', { enum: ['NORMAL', 'RETAIN'] }).notNull(),
    msisdn: text('msisdn').notNull(),
    donorNetwork: smallint('donor_network'),
    /** The physical SIM sent for this line (set by 'Create delivery order'). */
    iccid: text('iccid'),
    /** An 'Us' line added after activation: who uses it, registered to their NRIC or FIN (ADR 0031). */
    assignee: jsonb('assignee').$type<{ fullName: string; idNumber: string; contactNumber: string }>(),
  },
  (t) => [
    uniqueIndex('order_lines_order_position_key').on(t.orderId, t.position),
    index('order_lines_msisdn_idx').on(t.msisdn),
    // How many lines one person's ID number holds with us (at most 10, as the law allows).
    index('order_lines_assignee_id_idx')
      .on(sql`(${t.assignee}->>'idNumber')`)
      .where(sql`${t.assignee} is not null`),
  ],
);

/** The order's timeline: every change, in order, for the customer's and the staff's view. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: ts('at').notNull(),
    type: text('type').notNull(),
    detail: text('detail').notNull().default(''),
    /** The staff member who did it; null for the customer's own steps and the system's. */
    staffId: uuid('staff_id').references(() => staffUsers.id),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

/** Cards on file: the gateway's token and what may be shown; never the card number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gatewayToken: text('gateway_token').notNull(),
    brand: text('brand').notNull(),
    funding: text('funding').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    holderName: text('holder_name').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    uniqueIndex('payment_methods_token_key').on(t.gatewayToken),
  ],
);

/**
 * One try at paying for an order. Its id is the charge's idempotency key, recorded before the
 * gateway is called, so a retry or a crash can never charge twice.
 */
export const PAYMENT_ATTEMPT_STATES = ['pending', 'succeeded', 'failed', 'void'] as const;

export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** `void`: replaced by a newer attempt for the same order before it was paid. */
    status: text('status', { enum: PAYMENT_ATTEMPT_STATES }).notNull(),
    gatewaySessionId: text('gateway_session_id'),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    gatewayChargeId: text('gateway_charge_id'),
    failureCode: text('failure_code'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('payment_attempts_order_idx').on(t.orderId),
    // One live attempt per order: paying twice for one order needs two live attempts.
    uniqueIndex('payment_attempts_live_key').on(t.orderId).where(sql`${t.status} = 'pending'`),
  ],
);

/** Gateway events already handled: a replayed delivery changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull(),
});

/**
 * Money given back: for a rejected or cancelled order, for a charge that came in when the order
 * was already paid (a second card, a replaced attempt), or for one that came in after the order was
 * closed unpaid ('late-payment', ADR 0037). At most one per charged attempt (the unique index makes
 * "refunds exactly once" a database fact). Its id is the gateway's idempotency key.
 */
export const REFUND_REASONS = ['order-ended', 'duplicate-payment', 'late-payment'] as const;

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason', { enum: REFUND_REASONS }).notNull().default('order-ended'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    gatewayRefundId: text('gateway_refund_id'),
    failureCode: text('failure_code'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('refunds_attempt_key').on(t.attemptId),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
  ],
);

/**
 * An order's amounts, for lines' part of the bill run, which charges a roadshow order's amount once a
 * line of it goes live (ADR 0045; migration 0047).
 */
export const orderAmounts = pgView('order_amounts', {
  id: uuid('id').notNull(),
  userId: uuid('user_id').notNull(),
  orderNumber: text('order_number').notNull(),
  totalCents: integer('total_cents').notNull(),
  dueNowCents: integer('due_now_cents').notNull(),
}).existing();

/** Where an order's SIM went (or its bill), for lines' query of lost SIMs (ADR 0045; migration 0046). */
export const orderAddresses = pgView('order_addresses', {
  id: uuid('id').notNull(),
  deliveryAddress: jsonb('delivery_address'),
  billingAddress: jsonb('billing_address').notNull(),
}).existing();
