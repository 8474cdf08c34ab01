import { type OrderStatus, TypeSim } from '@selfcare/domain';
import {
  ONLINE_ACTIVATION_STATUSES,
  STAFF_OPEN_STATUSES,
  type StaffOrderQuery,
} from '@selfcare/domain/fulfilment';
import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerContacts } from '../auth/index.ts';
import { planTerms } from '../catalog/index.ts';
import { staffNames } from '../staff/index.ts';
import {
  orderEvents,
  orderLines,
  orders,
  paymentAttempts,
  paymentMethods,
  refunds,
} from './orders.schema.ts';

const QUEUE_PAGE_SIZE = 25;

/** Singapore midnight of a 'YYYY-MM-DD' date, as an instant. */
const sgMidnight = (date: string) => new Date(Date.parse(`${date}T00:00:00+08:00`));

/**
 * What staff type into the search box, read the way they mean it, so that each kind of search uses
 * its index: an order number, an NRIC/FIN, an email (the login's), a mobile number (contact, login
 * or a line's), else a name anywhere in it (the trigram index of migration 0042).
 */
function searchFilter(term: string): SQL | undefined {
  const upper = term.toUpperCase().replace(/\s/g, '');
  if (/^SC\d+$/.test(upper)) return eq(orders.orderNumber, upper);
  if (term.includes('@'))
    return sql`${orders.userId} IN (SELECT ${customerContacts.id} FROM ${customerContacts} WHERE ${customerContacts.email} = ${term.toLowerCase()})`;
  if (/^[STFGM]\d{7}[A-Z]$/.test(upper)) return eq(sql`upper(${orders.profile}->>'idNumber')`, upper);
  const digits = term.replace(/[\s+-]/g, '').replace(/^65(?=\d{8}$)/, '');
  if (/^[89]\d{7}$/.test(digits))
    return or(
      eq(sql`${orders.profile}->>'contactNumber'`, digits),
      sql`${orders.userId} IN (SELECT ${customerContacts.id} FROM ${customerContacts} WHERE ${customerContacts.phoneNumber} = ${digits})`,
      sql`${orders.id} IN (SELECT ${orderLines.orderId} FROM ${orderLines} WHERE ${orderLines.msisdn} = ${digits})`,
    );
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${orders.profile}->>'fullName' ILIKE ${like}`;
}

function queueFilter(q: StaffOrderQuery): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  const term = q.q?.trim();
  // A search looks at every status unless one is chosen: the customer asking is often done with us.
  const status = q.status ?? (term ? 'all' : 'open');
  if (status === 'open') where.push(inArray(orders.status, [...STAFF_OPEN_STATUSES]));
  else if (status !== 'all') where.push(eq(orders.status, status as OrderStatus));
  if (q.typeSim !== undefined) where.push(eq(orders.typeSim, q.typeSim));
  if (q.from) where.push(gte(orders.createdAt, sgMidnight(q.from)));
  if (q.to) where.push(lt(orders.createdAt, new Date(sgMidnight(q.to).getTime() + 86_400_000)));
  if (term) where.push(searchFilter(term));
  return and(...where);
}

/** The customer's newest order that may be activated online: mayActivateOnline, as a query. */
const onlineActivationOrders = (db: Db, userId: string) =>
  db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...ONLINE_ACTIVATION_STATUSES]),
        eq(orders.typeSim, TypeSim.Physical),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);

/**
 * What fulfilment reads and writes of orders, inside its own transaction (ADR 0045): staff's queue
 * and order page, the order's payment, refund and timeline, the orders customers activate online,
 * and the SIM each order line was given from stock.
 */
export const orderFulfilmentRecords = {
  /** One page of the staff queue, newest first, with the total for the pager. */
  async queue(db: Db, q: StaffOrderQuery) {
    const where = queueFilter(q);
    const page = q.page ?? 1;
    const [rows, [count]] = await Promise.all([
      db
        .select({
          id: orders.id,
          orderNumber: orders.orderNumber,
          createdAt: orders.createdAt,
          status: orders.status,
          typeSim: orders.typeSim,
          deliveryMethod: orders.deliveryMethod,
          totalCents: orders.totalCents,
          fullName: sql<string>`${orders.profile}->>'fullName'`,
          idNumber: sql<string>`${orders.profile}->>'idNumber'`,
          phoneNumber: customerContacts.phoneNumber,
          lineCount: sql<number>`(SELECT count(*)::int FROM ${orderLines} WHERE ${orderLines.orderId} = ${orders.id})`,
        })
        .from(orders)
        .innerJoin(customerContacts, eq(customerContacts.id, orders.userId))
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(QUEUE_PAGE_SIZE)
        .offset((page - 1) * QUEUE_PAGE_SIZE),
      db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
    ]);
    return { rows, total: count?.n ?? 0, page, pageSize: QUEUE_PAGE_SIZE };
  },

  async order(db: Db, id: string) {
    const [row] = await db
      .select({
        order: orders,
        user: {
          id: customerContacts.id,
          email: customerContacts.email,
          phoneNumber: customerContacts.phoneNumber,
          firstName: customerContacts.firstName,
          lastName: customerContacts.lastName,
          status: customerContacts.status,
          /** The language the customer chose, that their order's emails are written in (ADR 0055). */
          language: customerContacts.language,
        },
      })
      .from(orders)
      .innerJoin(customerContacts, eq(customerContacts.id, orders.userId))
      .where(eq(orders.id, id));
    return row;
  },

  /** Locks the order for the length of the caller's transaction: two staff acting at once take turns. */
  async lockOrder(db: Db, id: string) {
    const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
    return row;
  },

  async lines(db: Db, orderId: string) {
    return db
      .select({
        id: orderLines.id,
        position: orderLines.position,
        planCode: orderLines.planCode,
        planName: planTerms.name,
        addonCodes: orderLines.addonCodes,
        numberType: orderLines.numberType,
        msisdn: orderLines.msisdn,
        donorNetwork: orderLines.donorNetwork,
        iccid: orderLines.iccid,
        assignee: orderLines.assignee,
      })
      .from(orderLines)
      .innerJoin(planTerms, eq(planTerms.code, orderLines.planCode))
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position));
  },

  /** The charge that paid for the order, with the card it was made on. */
  async payment(db: Db, orderId: string) {
    const [row] = await db
      .select({
        attemptId: paymentAttempts.id,
        amountCents: paymentAttempts.amountCents,
        chargeId: paymentAttempts.gatewayChargeId,
        at: paymentAttempts.updatedAt,
        brand: paymentMethods.brand,
        last4: paymentMethods.last4,
      })
      .from(paymentAttempts)
      .leftJoin(paymentMethods, eq(paymentMethods.id, paymentAttempts.paymentMethodId))
      .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'succeeded')))
      .orderBy(desc(paymentAttempts.updatedAt))
      .limit(1);
    return row;
  },

  async refund(db: Db, orderId: string) {
    const [row] = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
    return row;
  },

  /** Records the order's refund, once: undefined when it was recorded before. */
  async addRefund(db: Db, values: typeof refunds.$inferInsert) {
    const [row] = await db.insert(refunds).values(values).onConflictDoNothing().returning({ id: refunds.id });
    return row;
  },

  /** Every event of the order, oldest first, naming the staff member behind each staff action. */
  async timeline(db: Db, orderId: string) {
    return db
      .select({
        at: orderEvents.at,
        type: orderEvents.type,
        detail: orderEvents.detail,
        staff: staffNames.name,
      })
      .from(orderEvents)
      .leftJoin(staffNames, eq(staffNames.id, orderEvents.staffId))
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id));
  },

  async orderByNumber(db: Db, orderNumber: string) {
    const [row] = await db.select().from(orders).where(eq(orders.orderNumber, orderNumber));
    return row;
  },

  /** The customer's newest order that may be activated online. */
  async onlineActivationOrder(db: Db, userId: string) {
    const [order] = await onlineActivationOrders(db, userId);
    return order;
  },

  /** The same, held for the caller's transaction. */
  async lockOnlineActivationOrder(db: Db, userId: string) {
    const [order] = await onlineActivationOrders(db, userId).for('update');
    return order;
  },

  /** The order and number of these order lines, by order line id. */
  async ofOrderLines(db: Db, orderLineIds: string[]) {
    const rows =
      orderLineIds.length === 0
        ? []
        : await db
            .select({
              id: orderLines.id,
              orderId: orders.id,
              orderNumber: orders.orderNumber,
              msisdn: orderLines.msisdn,
            })
            .from(orderLines)
            .innerJoin(orders, eq(orders.id, orderLines.orderId))
            .where(inArray(orderLines.id, orderLineIds));
    return new Map(rows.map(({ id, ...row }) => [id, row]));
  },

  /** The ids of the order's lines, as a subquery for the caller's statement. */
  lineIdsOf: (db: Db, orderId: string) =>
    db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId)),

  /** The order line's SIM from stock. */
  async setLineIccid(db: Db, orderLineId: string, iccid: string) {
    await db.update(orderLines).set({ iccid }).where(eq(orderLines.id, orderLineId));
  },

  /** The order's lines give their SIMs back. */
  async clearIccidsOfOrder(db: Db, orderId: string) {
    await db.update(orderLines).set({ iccid: null }).where(eq(orderLines.orderId, orderId));
  },

  /** The order line that had this SIM gives it back. */
  async clearIccid(db: Db, iccid: string) {
    await db.update(orderLines).set({ iccid: null }).where(eq(orderLines.iccid, iccid));
  },
};
