import { BILL_PAYMENT_METHODS, BILL_PAYMENT_STATES, BILL_STATES } from '@selfcare/domain';
import type { ChargeWords } from '@selfcare/domain/contracts/bills';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  pgView,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { oneOf, ts } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';

/**
 * What a charge is for; the bill groups and names its items by it. Each module declares the kinds it
 * writes (`ApiModule.chargeKinds`, and a fee's own in its setting: ADR 0048); billing's are
 * `BILLING_CHARGE_KINDS`, and the ledger refuses a kind no module declares.
 */
export type ChargeKind = string;

/**
 * The charges ledger (ADR 0023): everything that costs the customer money, or gives it back (a
 * credit is negative), until a bill takes it. The bill run writes each line's plan and out-of-bundle
 * use here with a source key, so running it twice charges once; other modules write one-time charges
 * through billing's service. A waived charge stays, with who waived it and why, and is billed at zero.
 */
export const charges = pgTable(
  'charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /**
     * The order it is for. Like the line, it is orders' row named by its id, with no foreign key:
     * billing sits below the modules that charge through it (ADR 0045), and orders are never deleted.
     */
    orderId: uuid('order_id'),
    /** The line it is for (a subscription); null for the account's own charges. */
    lineId: uuid('line_id'),
    kind: text('kind').$type<ChargeKind>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The month a plan or usage charge is for ('YYYY-MM'); null for one-time charges. */
    period: text('period'),
    /** What the customer reads on the bill, in English (ChargeMessages). */
    reason: text('reason').notNull(),
    /**
     * The parts of a reason that names a day or a month (a plan for part of the month, use recorded
     * late), so that the bill writes them in the reader's language; null for the others.
     */
    words: jsonb('words').$type<ChargeWords>(),
    /** What makes it once: `plan:<line>:<month>`, `usage-idd:<line>:<month>:<billed in>`, … */
    sourceKey: text('source_key'),
    createdAt: ts('created_at').notNull(),
    billId: uuid('bill_id'),
    billedAt: ts('billed_at'),
    waivedAt: ts('waived_at'),
    waivedBy: uuid('waived_by'),
    waiveReason: text('waive_reason'),
  },
  (t) => [
    // The three keys below are partial: most one-time charges have no order, source key or line, and
    // an index entry each for them made attaching the month's charges to bills a third slower.
    uniqueIndex('charges_order_kind_key').on(t.orderId, t.kind).where(sql`${t.orderId} IS NOT NULL`),
    uniqueIndex('charges_source_key').on(t.sourceKey).where(sql`${t.sourceKey} IS NOT NULL`),
    index('charges_user_idx').on(t.userId),
    // The bill run takes each account's unbilled charges, and a bill reads its own.
    index('charges_unbilled_idx').on(t.userId).where(sql`${t.billId} IS NULL`),
    index('charges_bill_idx').on(t.billId),
    // Usage charged so far for a line and month: what a late record adds is the difference.
    index('charges_line_period_idx').on(t.lineId, t.period).where(sql`${t.lineId} IS NOT NULL`),
  ],
);

export const billNumbers = pgSequence('bill_numbers', { startWith: 1 });

/**
 * One bill per account and month (ADR 0023). Its items are the charges that name it. Totals include
 * GST; the rate is kept as it was on the day, so an old bill reads the same after the rate changes.
 */
export const bills = pgTable(
  'bills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    number: text('number').notNull(),
    /** The month it bills, 'YYYY-MM'. */
    month: text('month').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    totalCents: integer('total_cents').notNull(),
    gstPercent: numeric('gst_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    gstCents: integer('gst_cents').notNull(),
    /** Left unpaid on the account's earlier bills when this one was made (each is paid on its own). */
    previousBalanceCents: integer('previous_balance_cents').notNull(),
    /** Payments received since the bill before this one. */
    paymentsCents: integer('payments_cents').notNull(),
    paidCents: integer('paid_cents').notNull().default(0),
    state: text('state', { enum: BILL_STATES }).notNull(),
    paidAt: ts('paid_at'),
    /**
     * When a waiver last lowered this bill after it was issued (ADR 0039), and its total as issued:
     * the bill keeps its number, says it was revised and what it was, and the customer is told.
     */
    revisedAt: ts('revised_at'),
    issuedTotalCents: integer('issued_total_cents'),
    createdAt: ts('created_at').notNull(),
    emailedAt: ts('emailed_at'),
  },
  (t) => [
    uniqueIndex('bills_user_month_key').on(t.userId, t.month),
    uniqueIndex('bills_number_key').on(t.number),
    index('bills_unsent_idx').on(t.createdAt).where(sql`${t.emailedAt} IS NULL`),
    // The deduction and the overdue fee look at unpaid bills by due date.
    index('bills_unpaid_due_idx').on(t.dueOn).where(sql`${t.state} <> 'paid'`),
    check('bills_state_check', oneOf(t.state, BILL_STATES)),
  ],
);

/** A month's bill run: started, and finished once every account due a bill has one. */
export const billRuns = pgTable('bill_runs', {
  month: text('month').primaryKey(),
  startedAt: ts('started_at').notNull(),
  finishedAt: ts('finished_at'),
  bills: integer('bills').notNull().default(0),
});

/**
 * A payment of a bill (ADR 0023). For a card, its id is the gateway's idempotency key, so a double
 * click, a retry or a crash charges once; it counts only when the gateway confirms it with its amount.
 * For PayNow, it is the customer saying they paid, then the bank's credit (its id kept once, so a
 * replayed event is not counted twice).
 */
export const billPayments = pgTable(
  'bill_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    billId: uuid('bill_id')
      .notNull()
      .references(() => bills.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    method: text('method', { enum: BILL_PAYMENT_METHODS }).notNull(),
    /** Which deduction try this is (0 for the 25th); 0 for the customer's own payments. */
    attempt: integer('attempt').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    state: text('state', { enum: BILL_PAYMENT_STATES }).notNull(),
    paymentMethodId: uuid('payment_method_id'),
    gatewayChargeId: text('gateway_charge_id'),
    bankCreditId: text('bank_credit_id'),
    failureCode: text('failure_code'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    settledAt: ts('settled_at'),
    /** When a failed deduction was told to the customer (email and SMS), so it is told once. */
    notifiedAt: ts('notified_at'),
  },
  (t) => [
    index('bill_payments_bill_idx').on(t.billId),
    // A new bill states the payments received since the account's last one.
    index('bill_payments_user_settled_idx').on(t.userId, t.settledAt),
    index('bill_payments_unnotified_idx')
      .on(t.updatedAt)
      .where(sql`${t.method} = 'deduction' AND ${t.state} = 'failed' AND ${t.notifiedAt} IS NULL`),
    // One card charge in flight per bill, whoever started it (the customer or the deduction).
    uniqueIndex('bill_payments_live_card_key')
      .on(t.billId)
      .where(sql`${t.state} = 'pending' AND ${t.method} IN ('card', 'deduction')`),
    uniqueIndex('bill_payments_deduction_key').on(t.billId, t.attempt).where(sql`${t.method} = 'deduction'`),
    uniqueIndex('bill_payments_bank_credit_key').on(t.bankCreditId),
    index('bill_payments_pending_idx').on(t.updatedAt).where(sql`${t.state} = 'pending'`),
    check('bill_payments_state_check', oneOf(t.state, BILL_PAYMENT_STATES)),
  ],
);

/** Why a bank credit could not be applied by itself (ADR 0033). */
export const UNMATCHED_REASONS = ['unknown-reference', 'bill-paid', 'not-sgd'] as const;
export const UNMATCHED_RESOLUTIONS = ['applied', 'returned'] as const;

/**
 * PayNow credits no bill could take (a reference keyed in wrong, a bill already paid, money in
 * another currency): the money is the customer's, so it is kept here, once per credit, for a
 * supervisor to apply to a bill or send back (ADR 0033). Open until resolved.
 */
export const unmatchedCredits = pgTable(
  'unmatched_credits',
  {
    bankCreditId: text('bank_credit_id').primaryKey(),
    reference: text('reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    settledAt: ts('settled_at').notNull(),
    receivedAt: ts('received_at').notNull(),
    reason: text('reason', { enum: UNMATCHED_REASONS }).notNull().default('unknown-reference'),
    /** The bill the reference named, when it named one (a bill paid before the money came). */
    billId: uuid('bill_id'),
    /** The bill a supervisor applied it to. */
    matchedBillId: uuid('matched_bill_id'),
    resolution: text('resolution', { enum: UNMATCHED_RESOLUTIONS }),
    resolvedBy: uuid('resolved_by'),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [index('unmatched_credits_open_idx').on(t.settledAt).where(sql`${t.resolvedAt} IS NULL`)],
);

/**
 * Card charges the gateway made that no record of ours accounts for (ADR 0033): an attempt id we do
 * not know, or one our record says was not paid while the gateway holds the money. Kept once per
 * charge for a supervisor to refund; open until resolved.
 */
export const unmatchedCharges = pgTable(
  'unmatched_charges',
  {
    gatewayChargeId: text('gateway_charge_id').primaryKey(),
    /** The attempt the charge's metadata names; null when it names none. */
    attemptId: text('attempt_id'),
    /** What the gateway held of it when found (the charge less its refunds). */
    amountCents: integer('amount_cents').notNull(),
    chargedAt: ts('charged_at').notNull(),
    foundAt: ts('found_at').notNull(),
    resolution: text('resolution', { enum: ['refunded'] }),
    resolvedBy: uuid('resolved_by'),
    resolvedAt: ts('resolved_at'),
  },
  (t) => [index('unmatched_charges_open_idx').on(t.chargedAt).where(sql`${t.resolvedAt} IS NULL`)],
);

/**
 * Where reading each outside record of money has got to (the bank's statement, ADR 0033): the
 * cursor the next read starts from, moved only in the transaction that applied what it covers.
 */
export const reconciliationCursors = pgTable('reconciliation_cursors', {
  source: text('source').primaryKey(),
  cursor: text('cursor').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * What each line was charged, by month and kind, for other modules' queries (ADR 0045; migration
 * 0045): usage's part of the bill run charges a month's use less what was charged for it already.
 */
export const lineCharges = pgView('line_charges', {
  lineId: uuid('line_id').notNull(),
  period: text('period'),
  kind: text('kind').notNull(),
  amountCents: integer('amount_cents').notNull(),
}).existing();
