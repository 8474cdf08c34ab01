import { NEVER_PAID_STATUSES, NOT_GOING_AHEAD_STATUSES } from '@selfcare/domain/fulfilment';
import { and, asc, desc, eq, gt, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerContacts } from '../auth/index.ts';
import { subscriptions } from '../lines/lines.schema.ts';
import { profileRecords } from '../profiles/index.ts';
import { orderLines, orders } from './orders.schema.ts';

/** The domain's `lineCounts` in SQL: its order goes ahead and its line, if any yet, has not ended. */
const counts = and(
  notInArray(orders.status, [...NOT_GOING_AHEAD_STATUSES]),
  or(isNull(subscriptions.id), ne(subscriptions.state, 'terminated')),
);

export const subLinesRepository = {
  /**
   * The customer's 'Us' lines, oldest first: those ordered with the main line and those added since,
   * each with its order and, once it is one, its line in service. Orders never paid (unpaid, or
   * closed unpaid) are left out.
   */
  async list(db: Db, userId: string) {
    return db
      .select({
        orderLineId: orderLines.id,
        msisdn: orderLines.msisdn,
        numberType: orderLines.numberType,
        assignee: orderLines.assignee,
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        orderStatus: orders.status,
        typeSim: orders.typeSim,
        createdAt: orders.createdAt,
        lineId: subscriptions.id,
        lineState: subscriptions.state,
        lineMsisdn: subscriptions.msisdn,
        loginNumber: customerContacts.phoneNumber,
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .leftJoin(subscriptions, eq(subscriptions.orderLineId, orderLines.id))
      .leftJoin(customerContacts, eq(customerContacts.id, subscriptions.lineUserId))
      .where(
        and(
          eq(orders.userId, userId),
          gt(orderLines.position, 0),
          notInArray(orders.status, [...NEVER_PAID_STATUSES]),
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orderLines.position));
  },

  /** How many 'Us' lines the customer holds or has ordered (limitSubline counts these). */
  async countOf(db: Db, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .leftJoin(subscriptions, eq(subscriptions.orderLineId, orderLines.id))
      .where(and(eq(orders.userId, userId), gt(orderLines.position, 0), counts));
    return row?.n ?? 0;
  },

  /**
   * How many lines are registered to one person's ID number with us: 'Us' lines added for them, and
   * the lines of an account that is theirs (the main line and 'Us' lines ordered with it).
   */
  async countForPerson(db: Db, idNumber: string): Promise<number> {
    const [named] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .leftJoin(subscriptions, eq(subscriptions.orderLineId, orderLines.id))
      .where(and(sql`(${orderLines.assignee}->>'idNumber') = ${idNumber}`, counts));
    const holder = await profileRecords.holderOf(db, idNumber);
    const [own] = holder
      ? await db
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
          .leftJoin(subscriptions, eq(subscriptions.orderLineId, orderLines.id))
          .where(and(eq(orders.userId, holder), isNull(orderLines.assignee), counts))
      : [];
    return (named?.n ?? 0) + (own?.n ?? 0);
  },

  /**
   * Whether a line of ours already has this number, or an order going ahead is bringing it: in
   * service, being activated, or ordered (a port-in not yet done counts).
   */
  async numberInUse(db: Db, msisdn: string): Promise<boolean> {
    const live = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.msisdn, msisdn), ne(subscriptions.state, 'terminated')))
      .limit(1);
    if (live.length) return true;
    const ordered = await db
      .select({ id: orderLines.id })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .leftJoin(subscriptions, eq(subscriptions.orderLineId, orderLines.id))
      .where(
        and(
          eq(orderLines.msisdn, msisdn),
          isNull(subscriptions.id),
          notInArray(orders.status, [...NOT_GOING_AHEAD_STATUSES, 'Completed']),
        ),
      )
      .limit(1);
    return ordered.length > 0;
  },

  /**
   * Holds the adding of lines for one person and one number to one transaction at a time, across
   * accounts, so the per-person limit and the number's uniqueness are read and kept together.
   */
  async lockPersonAndNumber(db: Db, idNumber: string, msisdn: string) {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sub-line-person:${idNumber}`}))`);
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sub-line-number:${msisdn}`}))`);
  },

  /** The customer's details as their first order gave them. */
  holderProfile: (db: Db, userId: string) => profileRecords.find(db, userId),

  /** Where the customer's bills go: the billing address of their newest order that went ahead. */
  async billingAddress(db: Db, userId: string): Promise<unknown> {
    const [row] = await db
      .select({ address: orders.billingAddress })
      .from(orders)
      .where(and(eq(orders.userId, userId), notInArray(orders.status, [...NEVER_PAID_STATUSES])))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    return row?.address ?? null;
  },

  /**
   * Holds one customer's adding of lines to one at a time (the limit is read under it); answers where
   * their order's confirmation goes.
   */
  async lockUser(db: Db, userId: string) {
    const [row] = await db
      .select({ email: customerContacts.email, firstName: customerContacts.firstName })
      .from(customerContacts)
      .where(eq(customerContacts.id, userId))
      .for('update');
    return row;
  },
};
