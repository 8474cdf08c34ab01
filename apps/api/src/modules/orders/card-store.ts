import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { BillingAddressOf, CardStore } from '../billing/index.ts';
import { orders, paymentMethods } from './orders.schema.ts';

/** Orders' cards on file, as billing saves and charges them (ADR 0045). */
export const orderCardStore: CardStore = {
  async latest(db, userId) {
    const [row] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.userId, userId))
      .orderBy(desc(paymentMethods.createdAt))
      .limit(1);
    return row;
  },

  async save(db, card) {
    const [row] = await db
      .insert(paymentMethods)
      .values(card)
      .onConflictDoUpdate({ target: paymentMethods.gatewayToken, set: { createdAt: card.createdAt } })
      .returning({ id: paymentMethods.id, isNew: sql<boolean>`xmax = 0` });
    return row as { id: string; isNew: boolean };
  },

  async byId(db, id) {
    const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id));
    return row;
  },

  byIds: (db, ids) => db.select().from(paymentMethods).where(inArray(paymentMethods.id, ids)),
};

/** The billing address a bill is addressed to: the one given with the account's latest order (ADR 0045). */
export const latestBillingAddress: BillingAddressOf = async (db, userId) => {
  const [row] = await db
    .select({ address: orders.billingAddress })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return (row?.address as Record<string, string | null> | undefined) ?? null;
};
