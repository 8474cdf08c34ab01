import { TypeSim } from '@selfcare/domain';
import { ONLINE_ACTIVATION_STATUSES } from '@selfcare/domain/fulfilment';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountRecords } from '../auth/index.ts';
import { portRequests, subscriptions } from '../lines/lines.schema.ts';
import { orders } from '../orders/orders.schema.ts';
import { mvneEvents } from './fulfilment.schema.ts';

export type LineRow = typeof subscriptions.$inferSelect;

/** The customer's newest order that may be activated online: mayActivateOnline, as a query. */
const onlineActivationOrders = (db: Db, userId: string) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...ONLINE_ACTIVATION_STATUSES]),
        eq(orders.typeSim, TypeSim.Physical),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);

/** Lines on their way to service in the MVNE, the MVNE's events, and orders customers activate online. */
export const activationRepository = {
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

  /** The port-in request of an order line, if it has one. */
  async portOfOrderLine(db: Db, orderLineId: string) {
    const [row] = await db
      .select({ id: portRequests.id })
      .from(portRequests)
      .where(eq(portRequests.orderLineId, orderLineId));
    return row;
  },

  lineOwner: (db: Db, userId: string) => accountRecords.contactOf(db, userId),

  /** Notes an MVNE event as handled; false when it was handled before (delivery is at least once). */
  async recordMvneEvent(db: Db, event: { id: string; type: string; receivedAt: Date }): Promise<boolean> {
    const fresh = await db
      .insert(mvneEvents)
      .values(event)
      .onConflictDoNothing()
      .returning({ id: mvneEvents.id });
    return fresh.length === 1;
  },

  /** Forgets an event not handled, so that its next delivery is. */
  async forgetMvneEvent(db: Db, id: string) {
    await db.delete(mvneEvents).where(eq(mvneEvents.id, id));
  },

  async orderByNumber(db: Db, orderNumber: string) {
    const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    return row;
  },

  /** The customer's newest order that may be activated online. */
  async onlineActivationOrder(db: Db, userId: string) {
    const [order] = await onlineActivationOrders(db, userId);
    return order;
  },

  /** The same, held for the caller's transaction. */
  async lockOnlineActivationOrder(db: Db, userId: string) {
    const [order] = await onlineActivationOrders(db, userId).for('update');
    return order;
  },
};
