import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documentRecords } from '../documents/index.ts';
import { orderedLines } from '../lines/index.ts';
import { orderFulfilmentRecords } from '../orders/index.ts';
import { staffNames } from '../staff/index.ts';
import { deliveries } from './fulfilment.schema.ts';

export const fulfilmentRepository = {
  queue: orderFulfilmentRecords.queue,
  order: orderFulfilmentRecords.order,
  /** Locks the order for the length of the caller's transaction: two staff acting at once take turns. */
  lockOrder: orderFulfilmentRecords.lockOrder,
  /** The order's lines with their plan's name and, once made, their line's state. */
  async lines(db: Db, orderId: string) {
    const lines = await orderFulfilmentRecords.lines(db, orderId);
    const made = await orderedLines.ofOrderLines(
      db,
      lines.map((l) => l.id),
    );
    return lines.map((l) => ({ ...l, service: made.get(l.id)?.state ?? null }));
  },
  /** The charge that paid for the order, with the card it was made on. */
  payment: orderFulfilmentRecords.payment,
  refund: orderFulfilmentRecords.refund,
  /** Records the order's refund, once: undefined when it was recorded before. */
  addRefund: orderFulfilmentRecords.addRefund,

  async deliveries(db: Db, orderId: string) {
    return db
      .select({
        id: deliveries.id,
        deliveryMethod: deliveries.deliveryMethod,
        deliveryDate: deliveries.deliveryDate,
        trackingCode: deliveries.trackingCode,
        status: deliveries.status,
        iccids: deliveries.iccids,
        failureReason: deliveries.failureReason,
        createdAt: deliveries.createdAt,
        completedAt: deliveries.completedAt,
        createdBy: staffNames.name,
      })
      .from(deliveries)
      .innerJoin(staffNames, eq(staffNames.id, deliveries.createdBy))
      .where(eq(deliveries.orderId, orderId))
      .orderBy(desc(deliveries.createdAt));
  },

  async addDelivery(db: Db, values: typeof deliveries.$inferInsert) {
    await db.insert(deliveries).values(values);
  },

  /** Records how the order's parcel on its way ended. */
  async closeOpenDelivery(
    db: Db,
    orderId: string,
    status: 'delivered' | 'failed',
    reason: string | null,
    now: Date,
  ) {
    await db
      .update(deliveries)
      .set({ status, failureReason: reason, completedAt: now })
      .where(and(eq(deliveries.orderId, orderId), eq(deliveries.status, 'in-progress')));
  },

  /** The customer's uploaded ID documents, newest first. */
  documents: documentRecords.ofUser,

  /** Every event of the order, oldest first, naming the staff member behind each staff action. */
  timeline: orderFulfilmentRecords.timeline,
};
