import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';
import { orders } from '../orders/orders.schema.ts';

/**
 * Charges for the customer's first (or next) bill that are not part of a plan: the admin fee for a
 * SIM not activated within 14 days, or an order cancelled. One of each kind per order.
 */
export const charges = pgTable(
  'charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: ['admin-fee'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    createdAt: ts('created_at').notNull(),
    billedAt: ts('billed_at'),
  },
  (t) => [
    uniqueIndex('charges_order_kind_key').on(t.orderId, t.kind),
    index('charges_user_idx').on(t.userId),
  ],
);
