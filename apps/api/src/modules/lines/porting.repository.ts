import type { PortingStatus } from '@selfcare/domain';
import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerContacts } from '../auth/index.ts';
import { orderRecords } from '../orders/index.ts';
import { portRequests, subscriptions } from './lines.schema.ts';

export type PortRow = typeof portRequests.$inferSelect;

/** Port requests with the line each moves onto (for its temporary number and the MVNE's service), newest first. */
const withLines = (db: Db, where: SQL | undefined) =>
  db
    .select({ port: portRequests, line: subscriptions })
    .from(portRequests)
    .leftJoin(subscriptions, eq(subscriptions.orderLineId, portRequests.orderLineId))
    .where(where)
    .orderBy(desc(portRequests.createdAt));

/** Port-in (MNP) requests, and the lines they move onto. */
export const portingRepository = {
  /** Adds requests, skipping an order line that has one already. */
  async addPortRequests(db: Db, rows: (typeof portRequests.$inferInsert)[]) {
    await db.insert(portRequests).values(rows).onConflictDoNothing();
  },

  async port(db: Db, id: string): Promise<PortRow | undefined> {
    const [row] = await db.select().from(portRequests).where(eq(portRequests.id, id));
    return row;
  },

  async portsOfOrder(db: Db, orderId: string): Promise<PortRow[]> {
    return db.select().from(portRequests).where(eq(portRequests.orderId, orderId));
  },

  async customerPortsWithLines(db: Db, userId: string) {
    return withLines(db, eq(portRequests.userId, userId));
  },

  /** The customer's request with its line; another customer's is not found. */
  async customerPortWithLine(db: Db, userId: string, id: string) {
    const [row] = await withLines(db, and(eq(portRequests.id, id), eq(portRequests.userId, userId)));
    return row;
  },

  async portWithLine(db: Db, id: string) {
    const [row] = await withLines(db, eq(portRequests.id, id));
    return row;
  },

  /** Holds the customer's request for the caller's transaction; another customer's is not found. */
  async lockCustomerPort(db: Db, userId: string, id: string): Promise<PortRow | undefined> {
    const [row] = await db
      .select()
      .from(portRequests)
      .where(and(eq(portRequests.id, id), eq(portRequests.userId, userId)))
      .for('update');
    return row;
  },

  /** Holds the request the MVNE's port is for, for the caller's transaction. */
  async lockPortByMvneId(db: Db, mvnePortId: string): Promise<PortRow | undefined> {
    const [row] = await db
      .select()
      .from(portRequests)
      .where(eq(portRequests.mvnePortId, mvnePortId))
      .for('update');
    return row;
  },

  async setPortStatus(db: Db, id: string, status: PortingStatus, now: Date) {
    await db.update(portRequests).set({ status, updatedAt: now }).where(eq(portRequests.id, id));
  },

  /** New donor details: any refusal and window of the request before them are gone. */
  async saveDonorDetails(
    db: Db,
    id: string,
    input: { donorNetwork: number; donorIdNumber: string },
    status: PortingStatus,
    now: Date,
  ) {
    await db
      .update(portRequests)
      .set({ ...input, status, refusal: null, windowStart: null, windowEnd: null, updatedAt: now })
      .where(eq(portRequests.id, id));
  },

  /** A failed port's number and donor details, given again to port it in anew. */
  async restartPort(
    db: Db,
    id: string,
    input: { msisdn: string; donorNetwork: number; donorIdNumber: string },
    now: Date,
  ) {
    await db
      .update(portRequests)
      .set({ ...input, refusal: null, completedAt: null, updatedAt: now })
      .where(eq(portRequests.id, id));
  },

  /** A (re)submission for `window`: a port the MVNE had for an earlier submission is done with. */
  async markPortSubmitted(
    db: Db,
    id: string,
    status: PortingStatus,
    window: { start: Date; end: Date },
    now: Date,
  ) {
    await db
      .update(portRequests)
      .set({
        status,
        submittedAt: now,
        windowStart: window.start,
        windowEnd: window.end,
        mvnePortId: null,
        updatedAt: now,
      })
      .where(eq(portRequests.id, id));
  },

  /** The MVNE's port for the request, and the window it gave. */
  async recordMvnePort(
    db: Db,
    id: string,
    port: { mvnePortId: string; windowStart: Date; windowEnd: Date },
    now: Date,
  ) {
    await db
      .update(portRequests)
      .set({
        mvnePortId: port.mvnePortId,
        windowStart: port.windowStart,
        windowEnd: port.windowEnd,
        updatedAt: now,
      })
      .where(eq(portRequests.id, id));
  },

  /** The request's outcome. */
  async closePort(db: Db, id: string, status: PortingStatus, refusal: string | null, now: Date) {
    await db
      .update(portRequests)
      .set({ status, refusal, completedAt: now, updatedAt: now })
      .where(eq(portRequests.id, id));
  },

  /** The line of an order line (the one a port moves onto). */
  async lineOfOrderLine(db: Db, orderLineId: string) {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.orderLineId, orderLineId));
    return row;
  },

  /** The line has its own number now: the one the MVNE lent goes back. */
  async releaseTemporaryNumber(db: Db, lineId: string, now: Date) {
    await db
      .update(subscriptions)
      .set({ temporaryMsisdn: null, updatedAt: now })
      .where(eq(subscriptions.id, lineId));
  },

  /** The line's own number is now `msisdn` (a failed port put in again with another number). */
  async setLineNumber(db: Db, lineId: string, msisdn: string, now: Date) {
    await db.update(subscriptions).set({ msisdn, updatedAt: now }).where(eq(subscriptions.id, lineId));
  },

  /** Whether a live line, or a port on its way, has the number already. */
  async numberTaken(db: Db, msisdn: string): Promise<boolean> {
    const [line] = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.msisdn, msisdn), ne(subscriptions.state, 'terminated')))
      .limit(1);
    return Boolean(line);
  },

  /** Who to email about the request, in which language (ADR 0055), and the order it came with. */
  async portOwner(db: Db, userId: string, orderId: string) {
    const order = await orderRecords.find(db, orderId);
    if (!order) return undefined;
    const [row] = await db
      .select({
        email: customerContacts.email,
        firstName: customerContacts.firstName,
        language: customerContacts.language,
      })
      .from(customerContacts)
      .where(eq(customerContacts.id, userId));
    return row && { ...row, orderNumber: order.orderNumber };
  },
};
