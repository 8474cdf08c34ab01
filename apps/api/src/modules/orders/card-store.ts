import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { CardStore } from '../billing/index.ts';
import { paymentMethods } from './orders.schema.ts';

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
