import type { SimRow, SimState } from '@selfcare/domain/fulfilment';
import { and, asc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderFulfilmentRecords } from '../orders/index.ts';
import { simBatches, simCards } from './fulfilment.schema.ts';

export const STOCK_PAGE_SIZE = 50;

export const inventoryRepository = {
  /** Adds SIMs not already in stock; returns the ICCIDs added (a repeat of a known SIM is skipped). */
  async insertSims(db: Db, batchId: string, rows: SimRow[], now: Date): Promise<string[]> {
    if (rows.length === 0) return [];
    const added: string[] = [];
    // Chunks keep each statement well under PostgreSQL's bind-parameter limit.
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      const inserted = await db
        .insert(simCards)
        .values(
          chunk.map((r) => ({ ...r, batchId, state: 'available' as const, createdAt: now, updatedAt: now })),
        )
        .onConflictDoNothing()
        .returning({ iccid: simCards.iccid });
      added.push(...inserted.map((r) => r.iccid));
    }
    return added;
  },

  async insertBatch(db: Db, values: typeof simBatches.$inferInsert) {
    const [row] = await db.insert(simBatches).values(values).returning();
    return row as typeof simBatches.$inferSelect;
  },

  /** The SIMs the file added, counted once they are in. */
  async setBatchAdded(db: Db, batchId: string, added: number) {
    await db.update(simBatches).set({ added }).where(eq(simBatches.id, batchId));
  },

  async countByState(db: Db) {
    const rows = await db
      .select({ state: simCards.state, n: sql<number>`count(*)::int` })
      .from(simCards)
      .groupBy(simCards.state);
    return rows;
  },

  async page(db: Db, state: SimState | undefined, q: string | undefined, page: number) {
    const where: SQL[] = [];
    if (state) where.push(eq(simCards.state, state));
    if (q) where.push(ilike(simCards.iccid, `%${q.replace(/\D/g, '')}%`));
    const [sims, [count]] = await Promise.all([
      db
        .select({
          iccid: simCards.iccid,
          imsi: simCards.imsi,
          state: simCards.state,
          stateReason: simCards.stateReason,
          updatedAt: simCards.updatedAt,
          orderLineId: simCards.orderLineId,
        })
        .from(simCards)
        .where(and(...where))
        .orderBy(asc(simCards.iccid))
        .limit(STOCK_PAGE_SIZE)
        .offset((page - 1) * STOCK_PAGE_SIZE),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(simCards)
        .where(and(...where)),
    ]);
    // The order each SIM was given to, if any, as ordering has it.
    const given = await orderFulfilmentRecords.ofOrderLines(
      db,
      sims.flatMap((s) => (s.orderLineId ? [s.orderLineId] : [])),
    );
    const rows = sims.map(({ orderLineId, ...sim }) => {
      const line = orderLineId ? given.get(orderLineId) : undefined;
      return {
        ...sim,
        orderId: line?.orderId ?? null,
        orderNumber: line?.orderNumber ?? null,
        msisdn: line?.msisdn ?? null,
      };
    });
    return { rows, total: count?.n ?? 0, page, pageSize: STOCK_PAGE_SIZE };
  },

  /** Locks the SIMs named for the rest of the caller's transaction. */
  async lockSims(db: Db, iccids: string[]) {
    return db.select().from(simCards).where(inArray(simCards.iccid, iccids)).for('update');
  },

  async assign(db: Db, iccid: string, orderLineId: string, now: Date) {
    await db
      .update(simCards)
      .set({ state: 'assigned', orderLineId, stateReason: null, updatedAt: now })
      .where(eq(simCards.iccid, iccid));
    await orderFulfilmentRecords.setLineIccid(db, orderLineId, iccid);
  },

  /** The SIM's line is in service. */
  async markSimActive(db: Db, iccid: string, now: Date) {
    await db.update(simCards).set({ state: 'active', updatedAt: now }).where(eq(simCards.iccid, iccid));
  },

  /** A SIM sent to replace a lost one (ADR 0029): out of stock, for no order line. */
  async assignReplacement(db: Db, iccid: string, reason: string, now: Date) {
    await db
      .update(simCards)
      .set({ state: 'assigned', orderLineId: null, stateReason: reason, updatedAt: now })
      .where(eq(simCards.iccid, iccid));
  },

  /** A replacement's parcel came back: its SIM is available again (unless staff took it out of service). */
  async releaseReplacement(db: Db, iccid: string, now: Date) {
    await db
      .update(simCards)
      .set({ state: 'available', stateReason: null, updatedAt: now })
      .where(and(eq(simCards.iccid, iccid), eq(simCards.state, 'assigned'), isNull(simCards.orderLineId)));
  },

  /** A replacement's new SIM, not yet in service, whose line ended: never to be used. */
  async retireReplacement(db: Db, iccid: string, now: Date) {
    await db
      .update(simCards)
      .set({
        state: 'retired',
        stateReason: 'The line ended before its replacement was activated',
        updatedAt: now,
      })
      .where(and(eq(simCards.iccid, iccid), eq(simCards.state, 'assigned')));
  },

  /** A SIM in service the customer lost: out of service for good (the MVNE has it blocked). */
  async markReportedLost(db: Db, iccid: string, now: Date) {
    await db
      .update(simCards)
      .set({ state: 'lost', stateReason: 'Reported lost by the customer', updatedAt: now })
      .where(and(eq(simCards.iccid, iccid), eq(simCards.state, 'active')));
  },

  /** Puts an order's assigned SIMs back in stock (a failed delivery came back, or the order ended). */
  async releaseForOrder(db: Db, orderId: string, now: Date) {
    const lineIds = orderFulfilmentRecords.lineIdsOf(db, orderId);
    await db
      .update(simCards)
      .set({ state: 'available', orderLineId: null, updatedAt: now })
      .where(and(inArray(simCards.orderLineId, lineIds), eq(simCards.state, 'assigned')));
    await orderFulfilmentRecords.clearIccidsOfOrder(db, orderId);
  },

  async setState(db: Db, iccid: string, state: 'lost' | 'retired', reason: string, now: Date) {
    const rows = await db
      .update(simCards)
      .set({ state, stateReason: reason, orderLineId: null, updatedAt: now })
      .where(and(eq(simCards.iccid, iccid), inArray(simCards.state, ['available', 'assigned'])))
      .returning({ iccid: simCards.iccid });
    if (rows.length === 1) await orderFulfilmentRecords.clearIccid(db, iccid);
    return rows.length === 1;
  },
};
