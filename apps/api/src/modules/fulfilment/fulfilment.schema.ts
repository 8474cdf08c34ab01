import { SIM_STATES } from '@selfcare/domain/fulfilment';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { orderLines, orders } from '../orders/orders.schema.ts';
import { staffUsers } from '../staff/staff.schema.ts';

/** A stock file staff loaded: how many SIMs it added and how many lines it refused. */
export const simBatches = pgTable('sim_batches', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileName: text('file_name').notNull(),
  importedBy: uuid('imported_by')
    .notNull()
    .references(() => staffUsers.id),
  added: integer('added').notNull(),
  rejected: integer('rejected').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** Physical SIM stock. A SIM is assigned to one order line at a time, and activated once. */
export const simCards = pgTable(
  'sim_cards',
  {
    iccid: text('iccid').primaryKey(),
    imsi: text('imsi').notNull(),
    pin: text('pin').notNull(),
    puk: text('puk').notNull(),
    state: text('state', { enum: SIM_STATES }).notNull().default('available'),
    batchId: uuid('batch_id').references(() => simBatches.id),
    orderLineId: uuid('order_line_id').references(() => orderLines.id),
    stateReason: text('state_reason'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('sim_cards_imsi_key').on(t.imsi),
    index('sim_cards_state_idx').on(t.state, t.iccid),
    uniqueIndex('sim_cards_order_line_key').on(t.orderLineId),
    check('sim_cards_state_check', sql`${t.state} IN ('available', 'assigned', 'active', 'lost', 'retired')`),
  ],
);

/** A delivery order: the parcel for an order's SIMs, how and when it goes, and how it went. */
export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    deliveryMethod: smallint('delivery_method').notNull(),
    deliveryDate: text('delivery_date').notNull(),
    trackingCode: text('tracking_code').notNull(),
    status: text('status', { enum: ['in-progress', 'delivered', 'failed'] }).notNull(),
    iccids: text('iccids').array().notNull(),
    failureReason: text('failure_reason'),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => staffUsers.id),
    createdAt: ts('created_at').notNull(),
    completedAt: ts('completed_at'),
  },
  (t) => [index('deliveries_order_idx').on(t.orderId, t.createdAt)],
);

/** MVNE events already handled: a replayed delivery changes nothing. */
export const mvneEvents = pgTable('mvne_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull(),
});
