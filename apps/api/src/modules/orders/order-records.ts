import type { OrderStatus } from '@selfcare/domain';
import type { OrderEventType } from '@selfcare/domain/fulfilment';
import { lineLabel } from '@selfcare/domain/order';
import type { Db } from '../../db/client.ts';
import { profileRecords } from '../profiles/index.ts';
import { type OrderRow, orderRepository as repo } from './order.repository.ts';

export type { OrderRow } from './order.repository.ts';

/**
 * What the modules after ordering (fulfilment, lines) may read and write of an order, inside their own
 * transaction: the order, its lines, its timeline, and its status, which the caller has worked out with
 * the domain's `nextOrderStatus`. Nothing else of the order's rows is theirs to change.
 */
export const orderRecords = {
  find: (db: Db, orderId: string) => repo.findOrder(db, orderId),
  lines: (db: Db, orderId: string) => repo.lines(db, orderId),
  /**
   * The order's lines' labels by position: 'Me', then 'Us 1', 'Us 2'… in the order the customer added
   * them. An added 'Us' line's order holds one line, numbered after the 'Us' lines ordered before it.
   */
  lineLabels: async (db: Db, order: Pick<OrderRow, 'id' | 'userId' | 'createdAt' | 'kind'>) => {
    const before = order.kind === 'sub-line' ? await repo.usLinesBefore(db, order) : 0;
    return (position: number) => lineLabel(position === 0 ? 0 : before + position);
  },
  addEvent: (
    db: Db,
    orderId: string,
    at: Date,
    type: OrderEventType,
    detail = '',
    staffId: string | null = null,
  ) => repo.addEvent(db, orderId, at, type, detail, staffId),
  setStatus: (db: Db, orderId: string, status: OrderStatus, at: Date) =>
    repo.updateOrder(db, orderId, { status, updatedAt: at }),
  /** The NRIC or FIN on the customer's profile (their first order made it), upper case; null without one. */
  idNumberOf: (db: Db, userId: string): Promise<string | null> => profileRecords.idNumberOf(db, userId),
  /** The MVNE's order for ours, with the status the hand-over moved it to, if any. */
  recordMvneOrder: (db: Db, orderId: string, mvneOrderId: string, status: OrderStatus | null, at: Date) =>
    repo.updateOrder(db, orderId, { mvneOrderId, ...(status ? { status } : {}), updatedAt: at }),
};
