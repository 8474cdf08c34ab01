import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { OrderedLines } from '../orders/index.ts';
import type { LineRow } from './lines.repository.ts';
import { portRequests, subscriptions } from './lines.schema.ts';

export type { LineRow } from './lines.repository.ts';

/**
 * What the modules that make and change lines from outside (fulfilment's activation, products' plan
 * changes, ordering's history) may read and write of a line and its port-in request, inside their own
 * transaction (ADR 0045). Joins on a line read the `lineTerms` view instead.
 */
export const lineRecords = {
  async line(db: Db, id: string): Promise<LineRow | undefined> {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    return row;
  },

  /** The id of the line made for an order line, if one was. */
  async lineIdOfOrderLine(db: Db, orderLineId: string) {
    const [row] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.orderLineId, orderLineId));
    return row;
  },

  async lineOfOrderLine(db: Db, orderLineId: string): Promise<LineRow | undefined> {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.orderLineId, orderLineId));
    return row;
  },

  async linesOfOrder(db: Db, orderId: string): Promise<LineRow[]> {
    return db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
  },

  /** A line activating or in service on the number, if any. */
  async liveLineWithNumber(db: Db, msisdn: string) {
    const [row] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.msisdn, msisdn),
          inArray(subscriptions.state, ['activating', 'active', 'suspended']),
        ),
      );
    return row;
  },

  /** The order lines whose lines are in service (active or suspended). */
  async liveLinesOfOrder(db: Db, orderId: string) {
    return db
      .select({ id: subscriptions.orderLineId })
      .from(subscriptions)
      .where(and(eq(subscriptions.orderId, orderId), inArray(subscriptions.state, ['active', 'suspended'])));
  },

  async addLine(db: Db, values: typeof subscriptions.$inferInsert) {
    const [row] = await db.insert(subscriptions).values(values).returning({ id: subscriptions.id });
    return row;
  },

  /** The MVNE's service for the line, and the number it lent a port-in line (null for none). */
  async recordMvneService(
    db: Db,
    id: string,
    service: { mvneServiceId: string; temporaryMsisdn: string | null },
    now: Date,
  ) {
    await db
      .update(subscriptions)
      .set({
        mvneServiceId: service.mvneServiceId,
        temporaryMsisdn: service.temporaryMsisdn,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, id));
  },

  /** An activating line goes live, once: undefined when it was not activating. */
  async markLineActive(db: Db, id: string, now: Date): Promise<LineRow | undefined> {
    const [row] = await db
      .update(subscriptions)
      .set({ state: 'active', activatedAt: now, updatedAt: now })
      .where(and(eq(subscriptions.id, id), eq(subscriptions.state, 'activating')))
      .returning();
    return row;
  },

  /** The login of an 'Us' line. */
  async setLineUser(db: Db, id: string, lineUserId: string) {
    await db.update(subscriptions).set({ lineUserId }).where(eq(subscriptions.id, id));
  },

  /** The line is on its new plan from now. */
  async setPlan(db: Db, id: string, planCode: string, at: Date) {
    await db.update(subscriptions).set({ planCode, updatedAt: at }).where(eq(subscriptions.id, id));
  },

  /** The port-in request of an order line, if it has one. */
  async portOfOrderLine(db: Db, orderLineId: string) {
    const [row] = await db
      .select({ id: portRequests.id })
      .from(portRequests)
      .where(eq(portRequests.orderLineId, orderLineId));
    return row;
  },

  /** The statuses of an order's port-in requests. */
  async portStatusesOfOrder(db: Db, orderId: string) {
    return db
      .select({ status: portRequests.status })
      .from(portRequests)
      .where(eq(portRequests.orderId, orderId));
  },
};

/** The lines made from order lines, and their port-in requests, as ordering reads them (ADR 0045). */
export const orderedLines: OrderedLines = {
  async ofOrderLines(db, orderLineIds) {
    if (orderLineIds.length === 0) return new Map();
    const rows = await db
      .select({
        orderLineId: subscriptions.orderLineId,
        id: subscriptions.id,
        state: subscriptions.state,
        msisdn: subscriptions.msisdn,
        lineUserId: subscriptions.lineUserId,
      })
      .from(subscriptions)
      .where(inArray(subscriptions.orderLineId, orderLineIds));
    return new Map(rows.map(({ orderLineId, ...line }) => [orderLineId, line]));
  },

  async hasLiveNumber(db, msisdn) {
    const live = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.msisdn, msisdn), ne(subscriptions.state, 'terminated')))
      .limit(1);
    return live.length > 0;
  },

  portStatusesOfOrder: lineRecords.portStatusesOfOrder,
};
