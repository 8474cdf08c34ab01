import { STAFF_OPEN_STATUSES } from '@selfcare/domain/fulfilment';
import { and, inArray, lt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { orders } from './orders.schema.ts';

/** What lines read of the orders still open, inside their own transaction (ADR 0045). */
export const openOrderRecords = {
  /**
   * Open orders placed before `before`, at most `limit`, of those `also` (a condition on the order's
   * id, in the caller's terms) holds for.
   */
  async placedBefore(db: Db, before: Date, limit: number, also: (orderId: AnyPgColumn) => SQL) {
    return db
      .select({ id: orders.id, userId: orders.userId, orderNumber: orders.orderNumber })
      .from(orders)
      .where(
        and(inArray(orders.status, [...STAFF_OPEN_STATUSES]), lt(orders.createdAt, before), also(orders.id)),
      )
      .limit(limit);
  },
};
