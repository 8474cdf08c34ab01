import { sql } from 'drizzle-orm';
import type { DocumentKeeper } from '../documents/index.ts';
import { orderDrafts, orders } from './orders.schema.ts';

/**
 * The uploads ordering needs kept: those on the customer's draft (step 3 keeps
 * `account.documents.front/back`), and every upload of a customer with an order at all, since staff
 * are shown every document of the customer on each of their orders (those sent to /uploadID are on
 * no order's record).
 */
export const orderDocuments: DocumentKeeper = {
  keeps: (userId, documentId) =>
    sql`(EXISTS (SELECT 1 FROM ${orderDrafts} WHERE ${orderDrafts.userId} = ${userId}
                   AND ${documentId}::text IN (${orderDrafts.data} #>> '{account,documents,front}',
                                               ${orderDrafts.data} #>> '{account,documents,back}'))
         OR EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.userId} = ${userId}))`,
};
