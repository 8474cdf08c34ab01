import { and, eq, notExists, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { charges } from './billing.schema.ts';

type Kind = (typeof charges.$inferSelect)['kind'];

/** What other modules read of the charges made for an order, inside their own transaction (ADR 0045). */
export const chargeRecords = {
  /** The amounts of the order's charges of this kind (an admin fee is charged once an order). */
  async ofOrder(db: Db, orderId: string, kind: Kind) {
    return db
      .select({ amountCents: charges.amountCents })
      .from(charges)
      .where(and(eq(charges.orderId, orderId), eq(charges.kind, kind)));
  },

  /** That the order (a column of the caller's statement) has no charge of this kind, as a condition. */
  noOrderCharge: (db: Db, orderId: AnyPgColumn, kind: Kind): SQL =>
    notExists(
      db
        .select({ one: sql`1` })
        .from(charges)
        .where(and(eq(charges.orderId, orderId), eq(charges.kind, kind))),
    ),
};
