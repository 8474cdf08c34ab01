import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerContacts } from '../auth/index.ts';
import { planTerms, productNames } from '../catalog/index.ts';
import { lineNumbers, lineTerms } from '../lines/index.ts';
import { lineProducts } from './products.schema.ts';

export type LineProductRow = typeof lineProducts.$inferSelect;
export type NewLineProduct = typeof lineProducts.$inferInsert;

export const productsRepository = {
  /** The account's own lines that are live (active or suspended), main line first. */
  async accountLines(db: Db, userId: string) {
    return db
      .select({
        id: lineTerms.id,
        msisdn: lineTerms.msisdn,
        isMainLine: lineTerms.isMainLine,
        planCode: lineTerms.planCode,
        planName: planTerms.name,
        state: lineTerms.state,
        mvneServiceId: lineTerms.mvneServiceId,
      })
      .from(lineTerms)
      .innerJoin(planTerms, eq(planTerms.code, lineTerms.planCode))
      .where(and(eq(lineTerms.userId, userId), inArray(lineTerms.state, ['active', 'suspended'])))
      .orderBy(desc(lineTerms.isMainLine), asc(lineTerms.createdAt), asc(lineTerms.msisdn));
  },

  /** The MVNE's service ids of these lines, by line id. */
  async serviceIds(db: Db, lineIds: string[]) {
    const rows = await db
      .select({ id: lineTerms.id, serviceId: lineTerms.mvneServiceId })
      .from(lineTerms)
      .where(inArray(lineTerms.id, lineIds));
    return new Map(rows.map((r) => [r.id, r.serviceId]));
  },

  /** The account's products, newest first, with their catalog names. */
  async ofAccount(db: Db, userId: string) {
    return db
      .select({ row: lineProducts, name: productNames.name })
      .from(lineProducts)
      .innerJoin(productNames, eq(productNames.code, lineProducts.productCode))
      .where(eq(lineProducts.userId, userId))
      .orderBy(desc(lineProducts.createdAt));
  },

  async byId(db: Db, id: string) {
    const [row] = await db.select().from(lineProducts).where(eq(lineProducts.id, id));
    return row;
  },

  /** Locks the row for a change that must not cross another (two removals, a removal and its job). */
  async lock(db: Db, id: string) {
    const [row] = await db.select().from(lineProducts).where(eq(lineProducts.id, id)).for('update');
    return row;
  },

  async byRequestKey(db: Db, userId: string, requestKey: string) {
    const [row] = await db
      .select()
      .from(lineProducts)
      .where(and(eq(lineProducts.userId, userId), eq(lineProducts.requestKey, requestKey)));
    return row;
  },

  /** The line's product of this code that still serves or is on its way (a monthly one, at most one). */
  async live(db: Db, lineId: string, code: string) {
    const [row] = await db
      .select()
      .from(lineProducts)
      .where(
        and(
          eq(lineProducts.lineId, lineId),
          eq(lineProducts.productCode, code),
          inArray(lineProducts.state, ['pending', 'active', 'ending']),
        ),
      )
      .orderBy(desc(lineProducts.createdAt))
      .limit(1);
    return row;
  },

  /** The latest change of a booster of this code on the line, ended or not: one change a month. */
  async lastChange(db: Db, lineId: string, code: string): Promise<Date | null> {
    const [row] = await db
      .select({ at: sql<Date>`max(${lineProducts.changedAt})`.mapWith(lineProducts.changedAt) })
      .from(lineProducts)
      .where(
        and(
          eq(lineProducts.lineId, lineId),
          eq(lineProducts.productCode, code),
          inArray(lineProducts.state, ['pending', 'active', 'ending', 'ended']),
        ),
      );
    return row?.at ?? null;
  },

  /** Products whose end has come are ended (the state the pages read is worked out the same way). */
  async settleEnded(db: Db, lineId: string, now: Date) {
    await db
      .update(lineProducts)
      .set({ state: 'ended', updatedAt: now })
      .where(
        and(
          eq(lineProducts.lineId, lineId),
          inArray(lineProducts.state, ['active', 'ending']),
          lte(lineProducts.endsAt, now),
        ),
      );
  },

  /** Inserts the product unless the account already made this request; the row either way. */
  /**
   * Inserts the product unless the account already made this request (that row, `made: false`) or
   * the line got a live one of the code meanwhile (null).
   */
  async insert(db: Db, row: NewLineProduct): Promise<{ row: LineProductRow; made: boolean } | null> {
    const [made] = await db.insert(lineProducts).values(row).onConflictDoNothing().returning();
    if (made) return { row: made, made: true };
    const earlier = await this.byRequestKey(db, row.userId, row.requestKey as string);
    return earlier ? { row: earlier, made: false } : null;
  },

  /** Purchases still charging that were made before `before`, oldest first. */
  async charging(db: Db, before: Date) {
    const rows = await db
      .select({ id: lineProducts.id })
      .from(lineProducts)
      .where(and(eq(lineProducts.paymentState, 'charging'), lt(lineProducts.createdAt, before)))
      .orderBy(asc(lineProducts.createdAt))
      .limit(100);
    return rows.map((r) => r.id);
  },

  /**
   * Paid purchases that ended (their line ended) or failed before the MVNE had them, last changed
   * before `before`: their refund is owed.
   */
  async unserved(db: Db, before: Date) {
    const ended = (served: SQL | undefined) =>
      db
        .select({ id: lineProducts.id, updatedAt: lineProducts.updatedAt })
        .from(lineProducts)
        .where(
          and(
            eq(lineProducts.paymentState, 'paid'),
            served,
            inArray(lineProducts.state, ['ended', 'failed']),
            lt(lineProducts.updatedAt, before),
          ),
        )
        .orderBy(asc(lineProducts.updatedAt))
        .limit(100);
    // Two reads, each on its own partial index: never at the MVNE, and at the MVNE for a later day
    // that the line's end came before (ADR 0041).
    const rows = [
      ...(await ended(isNull(lineProducts.mvneProductId))),
      ...(await ended(
        and(isNotNull(lineProducts.mvneProductId), lte(lineProducts.endsAt, lineProducts.startsAt)),
      )),
    ];
    return rows.sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime()).map((r) => r.id);
  },

  /** The MVNE ids of monthly products bought for these lines that are not ending (by the line index). */
  async renewing(db: Db, lineIds: string[]): Promise<Set<string>> {
    if (!lineIds.length) return new Set();
    const rows = await db
      .select({ id: lineProducts.mvneProductId })
      .from(lineProducts)
      .where(
        and(
          inArray(lineProducts.lineId, lineIds),
          isNotNull(lineProducts.mvneProductId),
          eq(lineProducts.recurrence, 'monthly'),
          eq(lineProducts.state, 'active'),
          isNull(lineProducts.endsAt),
        ),
      );
    return new Set(rows.map((r) => r.id as string));
  },

  /** Marks a paid purchase refunded; undefined when it was not paid (refunded already). */
  async markRefunded(db: Db, id: string, at: Date) {
    const [row] = await db
      .update(lineProducts)
      .set({ paymentState: 'refunded', refundedAt: at, updatedAt: at })
      .where(and(eq(lineProducts.id, id), eq(lineProducts.paymentState, 'paid')))
      .returning();
    return row;
  },

  /** What a purchase's receipt names: the product, the line's number, and whom it is for. */
  async receiptOf(db: Db, id: string) {
    const [row] = await db
      .select({
        product: productNames.name,
        msisdn: lineNumbers.msisdn,
        email: customerContacts.email,
        firstName: customerContacts.firstName,
        language: customerContacts.language,
      })
      .from(lineProducts)
      .innerJoin(productNames, eq(productNames.code, lineProducts.productCode))
      .innerJoin(lineNumbers, eq(lineNumbers.id, lineProducts.lineId))
      .innerJoin(customerContacts, eq(customerContacts.id, lineProducts.userId))
      .where(eq(lineProducts.id, id));
    return row;
  },

  /** Notes the lines as told to the MVNE, unless they changed again since `changedAt`. */
  async markLinesSent(db: Db, id: string, changedAt: Date, at: Date) {
    await db
      .update(lineProducts)
      .set({ linesSentAt: at })
      .where(and(eq(lineProducts.id, id), eq(lineProducts.changedAt, changedAt)));
  },

  /** Makes a pending product active with what the MVNE answered; nothing when it is no longer pending. */
  async activate(db: Db, id: string, set: Partial<NewLineProduct>) {
    await db
      .update(lineProducts)
      .set({ ...set, state: 'active' })
      .where(and(eq(lineProducts.id, id), eq(lineProducts.state, 'pending')));
  },

  async update(db: Db, id: string, set: Partial<NewLineProduct>) {
    const [row] = await db.update(lineProducts).set(set).where(eq(lineProducts.id, id)).returning();
    return row;
  },
};
