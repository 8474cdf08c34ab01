import { PORTING_STATUSES } from '@selfcare/domain';
import { LINE_STATES } from '@selfcare/domain/fulfilment';
import { REPLACEMENT_STATES, SUSPENSION_REASONS } from '@selfcare/domain/line-services';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
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
import { orderLines, orders } from '../orders/orders.schema.ts';

/**
 * A customer's mobile line in service (or being activated): one per order line. The main line is
 * 'Me'; others are 'Us' lines, each with its own login (`lineUserId`) that sees only the dashboard.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    msisdn: text('msisdn').notNull(),
    typeSim: smallint('type_sim').notNull(),
    iccid: text('iccid'),
    imsi: text('imsi'),
    planCode: text('plan_code')
      .notNull()
      .references(() => plans.code),
    isMainLine: boolean('is_main_line').notNull(),
    lineUserId: uuid('line_user_id').references(() => users.id),
    state: text('state', { enum: LINE_STATES }).notNull(),
    mvneServiceId: text('mvne_service_id'),
    /** The number the MVNE lent a port-in line until its own number comes over; null once ported. */
    temporaryMsisdn: text('temporary_msisdn'),
    requestedAt: ts('requested_at').notNull(),
    activatedAt: ts('activated_at'),
    /** When the line ended (ADR 0027): its last billed day is the day before, in Singapore. */
    terminatedAt: ts('terminated_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('subscriptions_order_line_key').on(t.orderLineId),
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_line_user_idx').on(t.lineUserId),
    // Usage records name the MVNE's service: the import finds the line by it, and one service is
    // one line's.
    uniqueIndex('subscriptions_mvne_service_key')
      .on(t.mvneServiceId)
      .where(sql`${t.mvneServiceId} IS NOT NULL`),
    uniqueIndex('subscriptions_live_msisdn_key').on(t.msisdn).where(sql`${t.state} <> 'terminated'`),
    check(
      'subscriptions_state_check',
      sql`${t.state} IN ('activating', 'active', 'suspended', 'terminated')`,
    ),
  ],
);

export const ESIM_PROFILE_STATES = ['released', 'installed', 'disabled'] as const;

/**
 * eSIM profiles issued for a line, one row per issue (the first and each re-issue), so the count of
 * free installations is a count of rows. At most one profile per line is not disabled.
 */
export const esimProfiles = pgTable(
  'esim_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    issue: smallint('issue').notNull(),
    mvneProfileId: text('mvne_profile_id'),
    iccid: text('iccid'),
    activationCode: text('activation_code'),
    state: text('state', { enum: ESIM_PROFILE_STATES }),
    deviceEid: text('device_eid'),
    requestedAt: ts('requested_at').notNull(),
    issuedAt: ts('issued_at'),
    disabledAt: ts('disabled_at'),
  },
  (t) => [
    uniqueIndex('esim_profiles_issue_key').on(t.subscriptionId, t.issue),
    uniqueIndex('esim_profiles_live_key').on(t.subscriptionId).where(sql`${t.disabledAt} IS NULL`),
    index('esim_profiles_user_idx').on(t.userId),
  ],
);

/** A port-in (MNP) request: a line of an order that keeps the customer's number from another network. */
export const portRequests = pgTable(
  'port_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id),
    msisdn: text('msisdn').notNull(),
    donorNetwork: smallint('donor_network').notNull(),
    /** The ID number the number is registered to with the donor network. */
    donorIdNumber: text('donor_id_number').notNull(),
    status: text('status', { enum: PORTING_STATUSES }).notNull(),
    /** Why the donor refused (a DONOR_REFUSALS key), while the request is 'unsuccess' or 'failed'. */
    refusal: text('refusal'),
    mvnePortId: text('mvne_port_id'),
    windowStart: ts('window_start'),
    windowEnd: ts('window_end'),
    submittedAt: ts('submitted_at'),
    completedAt: ts('completed_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('port_requests_order_line_key').on(t.orderLineId),
    index('port_requests_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A line's suspensions (ADR 0025), one row each: the customer suspends at once with a reason; only
 * support resumes. `networkAt` and `resumedNetworkAt` are when the MVNE confirmed each step; null
 * while its job is on the way. At most one suspension of a line is open.
 */
export const lineSuspensions = pgTable(
  'line_suspensions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => subscriptions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: SUSPENSION_REASONS }).notNull(),
    suspendedAt: ts('suspended_at').notNull(),
    networkAt: ts('network_at'),
    resumedAt: ts('resumed_at'),
    /** The staff member who resumed it (staff_users.id). */
    resumedBy: uuid('resumed_by'),
    resumedNetworkAt: ts('resumed_network_at'),
  },
  (t) => [
    uniqueIndex('line_suspensions_open_key').on(t.lineId).where(sql`${t.resumedAt} IS NULL`),
    index('line_suspensions_line_idx').on(t.lineId, t.suspendedAt),
    // What the network has not taken yet, for the hourly sweep: a suspension, or its end.
    index('line_suspensions_unsent_idx')
      .on(t.suspendedAt)
      .where(sql`${t.resumedAt} IS NULL AND ${t.networkAt} IS NULL`),
    index('line_suspensions_resume_unsent_idx')
      .on(t.resumedAt)
      .where(sql`${t.resumedAt} IS NOT NULL AND ${t.resumedNetworkAt} IS NULL`),
  ],
);

/**
 * International calls and SMS barred per line (ADR 0025); no row is nothing barred. `sentAt` is when
 * the MVNE took the settings as saved at `updatedAt`.
 */
export const lineBarring = pgTable(
  'line_barring',
  {
    lineId: uuid('line_id')
      .primaryKey()
      .references(() => subscriptions.id),
    incomingInternational: boolean('incoming_international').notNull(),
    outgoingInternational: boolean('outgoing_international').notNull(),
    updatedAt: ts('updated_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('line_barring_unsent_idx')
      .on(t.updatedAt)
      .where(sql`${t.sentAt} IS NULL OR ${t.sentAt} < ${t.updatedAt}`),
  ],
);

export const TERMINATION_STATES = ['scheduled', 'done', 'cancelled'] as const;

/**
 * A line's end, asked for by its owner for a day (ADR 0027): scheduled until that day, when the
 * termination job ends the line (sub lines of a whole account first); cancellable until then.
 * `networkAt` is when the MVNE took it. At most one scheduled termination per line.
 */
export const lineTerminations = pgTable(
  'line_terminations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => subscriptions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    /** Part of closing the whole account. */
    wholeAccount: boolean('whole_account').notNull(),
    state: text('state', { enum: TERMINATION_STATES }).notNull(),
    requestedAt: ts('requested_at').notNull(),
    doneAt: ts('done_at'),
    networkAt: ts('network_at'),
  },
  (t) => [
    uniqueIndex('line_terminations_scheduled_key').on(t.lineId).where(sql`${t.state} = 'scheduled'`),
    index('line_terminations_due_idx').on(t.effectiveOn).where(sql`${t.state} = 'scheduled'`),
    index('line_terminations_unsent_idx')
      .on(t.doneAt)
      .where(sql`${t.state} = 'done' AND ${t.networkAt} IS NULL`),
  ],
);

export const NUMBER_CHANGE_STATES = ['held', 'pending', 'completed', 'failed'] as const;

/**
 * A line's change of number (ADR 0028): 'held' while the customer chooses (the MVNE holds the new
 * number until `heldUntil`; choosing another replaces it), 'pending' once confirmed until the MVNE
 * has moved the line onto it, then 'completed' (the fee goes on the next bill) or 'failed' (the
 * number could not be had; nothing is charged). At most one change per line is held or pending.
 */
export const numberChanges = pgTable(
  'number_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => subscriptions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fromMsisdn: text('from_msisdn').notNull(),
    toMsisdn: text('to_msisdn').notNull(),
    mvneReservationId: text('mvne_reservation_id'),
    heldUntil: ts('held_until').notNull(),
    state: text('state', { enum: NUMBER_CHANGE_STATES }).notNull(),
    /** The fee as it was when confirmed; 0 for a line whose port-in failed. */
    feeCents: integer('fee_cents').notNull(),
    failure: text('failure'),
    createdAt: ts('created_at').notNull(),
    confirmedAt: ts('confirmed_at'),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('number_changes_open_key').on(t.lineId).where(sql`${t.state} IN ('held', 'pending')`),
    index('number_changes_user_idx').on(t.userId, t.createdAt),
    check('number_changes_state_check', sql`${t.state} IN ('held', 'pending', 'completed', 'failed')`),
  ],
);

/**
 * A lost SIM's replacement (ADR 0029): the lost SIM is blocked at the MVNE at once (`blockedAt` when
 * it confirmed), then a physical line's new SIM is sent from stock, delivered and activated as a SIM
 * swap, or an eSIM line gets a new profile (`esimProfileId`). The states are the domain's
 * `nextReplacementState`; the fee is fixed when reported and charged once the SIM is sent. At most
 * one replacement of a line is under way, and a SIM from stock replaces one line only.
 */
export const simReplacements = pgTable(
  'sim_replacements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => subscriptions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    typeSim: smallint('type_sim').notNull(),
    /** The line's number when it was reported, for staff to name it. */
    msisdn: text('msisdn').notNull(),
    /** The SIM reported lost (null when we never knew the line's ICCID). */
    lostIccid: text('lost_iccid'),
    state: text('state', { enum: REPLACEMENT_STATES }).notNull(),
    feeCents: integer('fee_cents').notNull(),
    /** Where the new SIM goes: the address of the line's order, as it was when reported. */
    deliveryAddress: jsonb('delivery_address').$type<Record<string, string | null>>(),
    reportedAt: ts('reported_at').notNull(),
    blockedAt: ts('blocked_at'),
    newIccid: text('new_iccid'),
    newImsi: text('new_imsi'),
    esimProfileId: uuid('esim_profile_id').references(() => esimProfiles.id),
    deliveryMethod: smallint('delivery_method'),
    deliveryDate: text('delivery_date'),
    trackingCode: text('tracking_code'),
    sentAt: ts('sent_at'),
    /** The staff member who sent it (staff_users.id). */
    sentBy: uuid('sent_by'),
    deliveredAt: ts('delivered_at'),
    activationRequestedAt: ts('activation_requested_at'),
    completedAt: ts('completed_at'),
    cancelledAt: ts('cancelled_at'),
    /** Why the last delivery failed, or why the MVNE refused the new SIM. */
    failure: text('failure'),
  },
  (t) => [
    uniqueIndex('sim_replacements_open_key')
      .on(t.lineId)
      .where(sql`${t.state} IN ('reported', 'sent', 'delivered', 'activating')`),
    uniqueIndex('sim_replacements_new_iccid_key').on(t.newIccid).where(sql`${t.newIccid} IS NOT NULL`),
    index('sim_replacements_user_idx').on(t.userId, t.reportedAt),
    index('sim_replacements_state_idx').on(t.state, t.reportedAt),
    check(
      'sim_replacements_state_check',
      sql`${t.state} IN ('reported', 'sent', 'delivered', 'activating', 'completed', 'cancelled')`,
    ),
  ],
);

/** A line's number and account, for other modules' queries naming lines (ADR 0045; migration 0044). */
export const lineNumbers = pgView('line_numbers', {
  id: uuid('id').notNull(),
  userId: uuid('user_id').notNull(),
  msisdn: text('msisdn').notNull(),
}).existing();

/**
 * A line's account, order, plan, number and state, and when it was live, for other modules' queries
 * naming lines (ADR 0045; migration 0045): the bill run's parts, usage's import and summaries,
 * products' joins on a line's plan, state and service. A view is read: lines' records change a line.
 */
export const lineTerms = pgView('line_terms', {
  id: uuid('id').notNull(),
  userId: uuid('user_id').notNull(),
  lineUserId: uuid('line_user_id'),
  orderId: uuid('order_id').notNull(),
  msisdn: text('msisdn').notNull(),
  planCode: text('plan_code').notNull(),
  isMainLine: boolean('is_main_line').notNull(),
  state: text('state', { enum: LINE_STATES }).notNull(),
  mvneServiceId: text('mvne_service_id'),
  activatedAt: ts('activated_at'),
  terminatedAt: ts('terminated_at'),
  createdAt: ts('created_at').notNull(),
}).existing();
