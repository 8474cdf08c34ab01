import { NEVER_PAID_STATUSES, NOT_GOING_AHEAD_STATUSES } from '@selfcare/domain/fulfilment';
import { and, asc, desc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerContacts } from '../auth/index.ts';
import { profileRecords } from '../profiles/index.ts';
import type { OrderedLines } from './ordered-lines.ts';
import { orderLines, orders } from './orders.schema.ts';

/** The domain's `lineCounts`, its order's part in SQL: its order goes ahead. */
const goesAhead = notInArray(orders.status, [...NOT_GOING_AHEAD_STATUSES]);

/** The domain's `lineCounts`, its line's part: how many of these order lines' lines, if any yet, have not ended. */
async function countLive(db: Db, lines: OrderedLines, ordered: { id: string }[]): Promise<number> {
  const ids = ordered.map((l) => l.id);
  const made = await lines.ofOrderLines(db, ids);
  return ids.filter((id) => made.get(id)?.state !== 'terminated').length;
}

export const subLinesRepository = {
  /**
   * The customer's 'Us' lines, oldest first: those ordered with the main line and those added since,
   * each with its order and, once it is one, its line in service. Orders never paid (unpaid, or
   * closed unpaid) are left out.
   */
  async list(db: Db, lines: OrderedLines, userId: string) {
    const rows = await db
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
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orders.userId, userId),
          gt(orderLines.position, 0),
          notInArray(orders.status, [...NEVER_PAID_STATUSES]),
        ),
      )
      .orderBy(asc(orders.createdAt), asc(orderLines.position));
    const made = await lines.ofOrderLines(
      db,
      rows.map((r) => r.orderLineId),
    );
    const logins = [...made.values()].flatMap((l) => (l.lineUserId ? [l.lineUserId] : []));
    const numbers = new Map(
      logins.length === 0
        ? []
        : (
            await db
              .select({ id: customerContacts.id, phoneNumber: customerContacts.phoneNumber })
              .from(customerContacts)
              .where(inArray(customerContacts.id, logins))
          ).map((c) => [c.id, c.phoneNumber]),
    );
    return rows.map((r) => {
      const line = made.get(r.orderLineId);
      return {
        ...r,
        lineId: line?.id ?? null,
        lineState: line?.state ?? null,
        lineMsisdn: line?.msisdn ?? null,
        loginNumber: (line?.lineUserId && numbers.get(line.lineUserId)) ?? null,
      };
    });
  },

  /** How many 'Us' lines the customer holds or has ordered (limitSubline counts these). */
  async countOf(db: Db, lines: OrderedLines, userId: string): Promise<number> {
    const rows = await db
      .select({ id: orderLines.id })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.userId, userId), gt(orderLines.position, 0), goesAhead));
    return countLive(db, lines, rows);
  },

  /**
   * How many lines are registered to one person's ID number with us: 'Us' lines added for them, and
   * the lines of an account that is theirs (the main line and 'Us' lines ordered with it).
   */
  async countForPerson(db: Db, lines: OrderedLines, idNumber: string): Promise<number> {
    const named = await db
      .select({ id: orderLines.id })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(sql`(${orderLines.assignee}->>'idNumber') = ${idNumber}`, goesAhead));
    const holder = await profileRecords.holderOf(db, idNumber);
    const own = holder
      ? await db
          .select({ id: orderLines.id })
          .from(orders)
          .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
          .where(and(eq(orders.userId, holder), isNull(orderLines.assignee), goesAhead))
      : [];
    const ofNamed = await countLive(db, lines, named);
    return ofNamed + (await countLive(db, lines, own));
  },

  /**
   * Whether a line of ours already has this number, or an order going ahead is bringing it: in
   * service, being activated, or ordered (a port-in not yet done counts).
   */
  async numberInUse(db: Db, lines: OrderedLines, msisdn: string): Promise<boolean> {
    if (await lines.hasLiveNumber(db, msisdn)) return true;
    const ordered = await db
      .select({ id: orderLines.id })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(
        and(
          eq(orderLines.msisdn, msisdn),
          notInArray(orders.status, [...NOT_GOING_AHEAD_STATUSES, 'Completed']),
        ),
      );
    // Ordered and not yet made into a line.
    const made = await lines.ofOrderLines(
      db,
      ordered.map((r) => r.id),
    );
    return ordered.some((r) => !made.has(r.id));
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
   * their order's confirmation goes, and in which language (ADR 0055).
   */
  async lockUser(db: Db, userId: string) {
    const [row] = await db
      .select({
        email: customerContacts.email,
        firstName: customerContacts.firstName,
        language: customerContacts.language,
      })
      .from(customerContacts)
      .where(eq(customerContacts.id, userId))
      .for('update');
    return row;
  },
};
