import { OrderAction } from '@selfcare/domain/fulfilment';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chargeRecords } from '../billing/index.ts';
import { planTerms } from '../catalog/index.ts';
import { orderEvents, orderLines, orders, refunds } from './orders.schema.ts';

/** The events that end an order: staff's rejection or cancellation, or its payment window passing. */
const ENDING_EVENTS: string[] = [OrderAction.Reject, OrderAction.Cancel, OrderAction.PaymentWindowPassed];

/** What a customer reads of their orders: the list, one order, its lines, events and outcome. */
export const orderHistoryRepository = {
  /** The customer's orders, newest first. */
  async ordersOf(db: Db, userId: string) {
    return db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        totalCents: orders.totalCents,
        status: orders.status,
        kind: orders.kind,
      })
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt));
  },

  /** The order, only when it is this customer's. */
  async orderOf(db: Db, userId: string, id: string) {
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.userId, userId)));
    return order;
  },

  async order(db: Db, id: string) {
    const [order] = await db.select().from(orders).where(eq(orders.id, id));
    return order;
  },

  /** The order's lines with their plan's name, in order. Reads catalog's plans. */
  async linesWithPlan(db: Db, orderId: string) {
    return db
      .select({
        position: orderLines.position,
        planName: planTerms.name,
        addonCodes: orderLines.addonCodes,
        numberType: orderLines.numberType,
        msisdn: orderLines.msisdn,
      })
      .from(orderLines)
      .innerJoin(planTerms, eq(planTerms.code, orderLines.planCode))
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position));
  },

  /** The order's events, oldest first. */
  async events(db: Db, orderId: string) {
    return db
      .select({ at: orderEvents.at, type: orderEvents.type, detail: orderEvents.detail })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id));
  },

  /** The latest rejection, cancellation or closing unpaid of the order, if any. */
  async ending(db: Db, orderId: string) {
    const [ended] = await db
      .select({ detail: orderEvents.detail, at: orderEvents.at })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), inArray(orderEvents.type, ENDING_EVENTS)))
      .orderBy(desc(orderEvents.id))
      .limit(1);
    return ended;
  },

  /**
   * The refund of what an ended order charged, if any: a rejected or cancelled order's payment, or
   * for an order closed unpaid, a payment that came in after it closed.
   */
  async endingRefund(db: Db, orderId: string, reason: 'order-ended' | 'late-payment') {
    const [refund] = await db
      .select({ amountCents: refunds.amountCents, status: refunds.status })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.reason, reason)))
      .orderBy(asc(refunds.createdAt))
      .limit(1);
    return refund;
  },

  /** The admin fee charged for the order, if any. Reads billing's charges. */
  adminFees: (db: Db, orderId: string) => chargeRecords.ofOrder(db, orderId, 'admin-fee'),
};
