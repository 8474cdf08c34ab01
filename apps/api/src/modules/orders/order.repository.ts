import { NEVER_PAID_STATUSES, type OrderEventType, UNPAID_STATUSES } from '@selfcare/domain/fulfilment';
import { and, asc, desc, eq, gt, inArray, lt, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountRecords } from '../auth/index.ts';
import {
  orderEvents,
  orderLines,
  orders,
  paymentAttempts,
  paymentMethods,
  refunds,
  webhookEvents,
} from './orders.schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type AttemptRow = typeof paymentAttempts.$inferSelect;

export const orderRepository = {
  /** The billing address given with the account's latest order, which its bills are addressed to. */
  async latestBillingAddress(db: Db, userId: string): Promise<Record<string, string | null> | null> {
    const [row] = await db
      .select({ address: orders.billingAddress })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    return (row?.address as Record<string, string | null> | undefined) ?? null;
  },

  /**
   * How many 'Us' lines the customer's orders before this one hold, as /manage/mobileSubLine lists
   * them (orders never paid left out): a line added later is numbered after them.
   */
  async usLinesBefore(db: Db, order: Pick<OrderRow, 'id' | 'userId' | 'createdAt'>): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orders.userId, order.userId),
          gt(orderLines.position, 0),
          notInArray(orders.status, [...NEVER_PAID_STATUSES]),
          or(
            lt(orders.createdAt, order.createdAt),
            and(eq(orders.createdAt, order.createdAt), lt(orders.id, order.id)),
          ),
        ),
      );
    return row?.n ?? 0;
  },

  async nextOrderNumber(db: Db): Promise<string> {
    const { rows } = await db.execute<{ n: string }>(sql`SELECT nextval('order_number_seq')::text AS n`);
    return `SC${rows[0]?.n}`;
  },

  async openOrder(db: Db, userId: string): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.status, [...UNPAID_STATUSES])))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    return row;
  },

  async latestOrder(db: Db, userId: string): Promise<OrderRow | undefined> {
    const [row] = await db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    return row;
  },

  async insertOrder(db: Db, values: typeof orders.$inferInsert): Promise<OrderRow> {
    const [row] = await db.insert(orders).values(values).returning();
    return row as OrderRow;
  },

  async updateOrder(db: Db, id: string, values: Partial<typeof orders.$inferInsert>) {
    await db.update(orders).set(values).where(eq(orders.id, id));
  },

  async replaceLines(db: Db, orderId: string, lines: Omit<typeof orderLines.$inferInsert, 'orderId'>[]) {
    await db.delete(orderLines).where(eq(orderLines.orderId, orderId));
    if (lines.length) await db.insert(orderLines).values(lines.map((l) => ({ ...l, orderId })));
  },

  async lines(db: Db, orderId: string) {
    return db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position));
  },

  async addEvent(
    db: Db,
    orderId: string,
    at: Date,
    type: OrderEventType,
    detail = '',
    staffId: string | null = null,
  ) {
    await db.insert(orderEvents).values({ orderId, at, type, detail, staffId });
  },

  async findOrder(db: Db, id: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    return row;
  },

  async insertAttempt(db: Db, values: typeof paymentAttempts.$inferInsert): Promise<AttemptRow> {
    const [row] = await db.insert(paymentAttempts).values(values).returning();
    return row as AttemptRow;
  },

  async findAttempt(db: Db, id: string): Promise<AttemptRow | undefined> {
    const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
    return row;
  },

  async updateAttempt(db: Db, id: string, values: Partial<typeof paymentAttempts.$inferInsert>) {
    await db.update(paymentAttempts).set(values).where(eq(paymentAttempts.id, id));
  },

  /**
   * Moves an attempt in one of the `from` states to its outcome; false when another request, webhook
   * or the reconciler got there first.
   */
  async settleAttempt(
    db: Db,
    id: string,
    from: readonly AttemptRow['status'][],
    values: {
      status: AttemptRow['status'];
      gatewayChargeId?: string | null;
      failureCode: string | null;
      updatedAt: Date;
    },
  ): Promise<boolean> {
    const rows = await db
      .update(paymentAttempts)
      .set(values)
      .where(and(eq(paymentAttempts.id, id), inArray(paymentAttempts.status, [...from])))
      .returning({ id: paymentAttempts.id });
    return rows.length === 1;
  },

  /** Holds the customer's row for the transaction: their checkouts happen one at a time. */
  lockUser: (db: Db, userId: string) => accountRecords.lock(db, userId, 'update'),

  async lockOrder(db: Db, id: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
    return row;
  },

  /** A new attempt replaces the order's live one: the page it was made for can no longer pay. */
  async voidLiveAttempts(db: Db, orderId: string, now: Date) {
    await db
      .update(paymentAttempts)
      .set({ status: 'void', failureCode: 'replaced', updatedAt: now })
      .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'pending')));
  },

  /** Attempts still waiting for the gateway's word since before `before`, oldest first. */
  async pendingAttempts(db: Db, before: Date, limit: number): Promise<AttemptRow[]> {
    return db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.status, 'pending'), lt(paymentAttempts.updatedAt, before)))
      .orderBy(asc(paymentAttempts.updatedAt))
      .limit(limit);
  },

  /**
   * Unpaid orders last changed (checked out, or declined) before `before` with no payment on its way
   * (no pending attempt), oldest first: those whose payment window has passed.
   */
  async unpaidSince(db: Db, before: Date, limit: number) {
    return db
      .select({ id: orders.id, userId: orders.userId })
      .from(orders)
      .where(
        and(
          inArray(orders.status, [...UNPAID_STATUSES]),
          lt(orders.updatedAt, before),
          notExists(pendingAttemptOf(db, orders.id)),
        ),
      )
      .orderBy(asc(orders.updatedAt))
      .limit(limit);
  },

  /** Whether a payment for the order is on its way (its live attempt has no outcome yet). */
  async hasPendingAttempt(db: Db, orderId: string): Promise<boolean> {
    return (await pendingAttemptOf(db, orderId)).length > 0;
  },

  /** Records a refund of a charged attempt, once (null when it was recorded before). */
  async insertRefund(db: Db, values: typeof refunds.$inferInsert): Promise<string | null> {
    const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning({ id: refunds.id });
    return row?.id ?? null;
  },

  /** A refund with the gateway charge it gives back. */
  async refundWithCharge(db: Db, refundId: string) {
    const [row] = await db
      .select({ refund: refunds, chargeId: paymentAttempts.gatewayChargeId })
      .from(refunds)
      .innerJoin(paymentAttempts, eq(paymentAttempts.id, refunds.attemptId))
      .where(eq(refunds.id, refundId));
    return row;
  },

  /** Marks a pending refund succeeded; false when it was no longer pending (another run got there). */
  async markRefundSucceeded(db: Db, refundId: string, gatewayRefundId: string, now: Date): Promise<boolean> {
    const moved = await db
      .update(refunds)
      .set({ status: 'succeeded', gatewayRefundId, updatedAt: now })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
      .returning({ id: refunds.id });
    return moved.length === 1;
  },

  async refundOf(db: Db, attemptId: string) {
    const [row] = await db.select().from(refunds).where(eq(refunds.attemptId, attemptId));
    return row;
  },

  /** Notes a gateway event as handled; false when it was handled before (delivery is at least once). */
  async recordWebhookEvent(db: Db, id: string, type: string, at: Date): Promise<boolean> {
    const rows = await db
      .insert(webhookEvents)
      .values({ id, type, receivedAt: at })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    return rows.length === 1;
  },

  async webhookEventHandled(db: Db, id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(eq(webhookEvents.id, id));
    return !!row;
  },

  async savePaymentMethod(db: Db, values: typeof paymentMethods.$inferInsert): Promise<string> {
    const [row] = await db
      .insert(paymentMethods)
      .values(values)
      .onConflictDoUpdate({ target: paymentMethods.gatewayToken, set: { holderName: values.holderName } })
      .returning({ id: paymentMethods.id });
    return (row as { id: string }).id;
  },

  async paymentMethod(db: Db, id: string) {
    const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
    return row;
  },

  /**
   * Of these gateway attempts, the orders' payment attempts waiting for their charge or paid by it,
   * and those whose charge is being given back (ADR 0033).
   */
  async accountedAttempts(db: Db, attemptIds: string[]): Promise<Set<string>> {
    const ids = attemptIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return new Set();
    const [live, givenBack] = await Promise.all([
      db
        .select({ id: paymentAttempts.id })
        .from(paymentAttempts)
        .where(
          and(inArray(paymentAttempts.id, ids), inArray(paymentAttempts.status, ['pending', 'succeeded'])),
        ),
      db.select({ id: refunds.attemptId }).from(refunds).where(inArray(refunds.attemptId, ids)),
    ]);
    return new Set([...live, ...givenBack].map((r) => r.id));
  },
};

const pendingAttemptOf = (db: Db, orderId: string | typeof orders.id) =>
  db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'pending')))
    .limit(1);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
