import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billPayments, bills, charges } from './billing.schema.ts';

export type BillPaymentRow = typeof billPayments.$inferSelect;
type Settlement = {
  state: 'succeeded' | 'failed' | 'void';
  gatewayChargeId?: string | null;
  bankCreditId?: string | null;
  failureCode?: string | null;
};

/** Payments of bills, and what a payment does to its bill. */
export const billPaymentsRepository = {
  /** The bill, locked until the transaction ends: one payment decision per bill at a time. */
  async lockOwnBill(db: Db, userId: string, billId: string) {
    const [row] = await db
      .select()
      .from(bills)
      .where(and(eq(bills.id, billId), eq(bills.userId, userId)))
      .for('update');
    return row;
  },

  async lockBill(db: Db, billId: string) {
    const [row] = await db.select().from(bills).where(eq(bills.id, billId)).for('update');
    return row;
  },

  async billByNumber(db: Db, number: string) {
    const [row] = await db.select().from(bills).where(eq(bills.number, number));
    return row;
  },

  /** The bill's payment of `methods` that has no outcome yet: at most one (the partial unique index). */
  async pendingPayment(db: Db, billId: string, methods: BillPaymentRow['method'][]) {
    const [row] = await db
      .select()
      .from(billPayments)
      .where(
        and(
          eq(billPayments.billId, billId),
          eq(billPayments.state, 'pending'),
          inArray(billPayments.method, methods),
        ),
      );
    return row;
  },

  /** A card charge (the customer's or the deduction's) in flight for the bill. */
  liveCardPayment: (db: Db, billId: string) =>
    billPaymentsRepository.pendingPayment(db, billId, ['card', 'deduction']),

  /** The customer's word that they paid by PayNow, while the bank has not credited it. */
  pendingPayNow: (db: Db, billId: string) => billPaymentsRepository.pendingPayment(db, billId, ['paynow']),

  async insert(db: Db, values: typeof billPayments.$inferInsert): Promise<BillPaymentRow> {
    const [row] = await db.insert(billPayments).values(values).returning();
    return row as BillPaymentRow;
  },

  /** A deduction try, unless this try of the bill was made already. */
  async insertDeduction(
    db: Db,
    values: typeof billPayments.$inferInsert,
  ): Promise<BillPaymentRow | undefined> {
    const [row] = await db.insert(billPayments).values(values).onConflictDoNothing().returning();
    return row;
  },

  async find(db: Db, id: string) {
    const [row] = await db.select().from(billPayments).where(eq(billPayments.id, id));
    return row;
  },

  /** Moves a pending payment to its outcome, once: false when it was already settled. */
  async settle(db: Db, id: string, s: Settlement, at: Date): Promise<BillPaymentRow | undefined> {
    const [row] = await db
      .update(billPayments)
      .set({ ...s, settledAt: at, updatedAt: at })
      .where(and(eq(billPayments.id, id), eq(billPayments.state, 'pending')))
      .returning();
    return row;
  },

  async markRefunded(db: Db, id: string, at: Date) {
    await db.update(billPayments).set({ state: 'refunded', updatedAt: at }).where(eq(billPayments.id, id));
  },

  /** The customer's "I have paid by PayNow" on bills now paid: nothing is on its way for them any more. */
  async voidClaims(db: Db, billIds: string[], at: Date) {
    if (billIds.length === 0) return;
    await db
      .update(billPayments)
      .set({ state: 'void', updatedAt: at, settledAt: at })
      .where(
        and(
          inArray(billPayments.billId, billIds),
          eq(billPayments.method, 'paynow'),
          eq(billPayments.state, 'pending'),
        ),
      );
  },

  /** Counts money received on the bill; paid in full, it is Paid. */
  async applyToBill(db: Db, billId: string, amountCents: number, at: Date) {
    await db
      .update(bills)
      .set({
        paidCents: sql`${bills.paidCents} + ${amountCents}`,
        state: sql`CASE WHEN ${bills.paidCents} + ${amountCents} >= ${bills.totalCents} THEN 'paid' ELSE 'due' END`,
        paidAt: sql`CASE WHEN ${bills.paidCents} + ${amountCents} >= ${bills.totalCents} THEN ${at}::timestamptz ELSE NULL END`,
      })
      .where(eq(bills.id, billId));
  },

  async setBillState(db: Db, billId: string, state: 'due' | 'pending') {
    await db.update(bills).set({ state }).where(eq(bills.id, billId));
  },

  /** Money that came in for a bill already paid: a credit on the next bill. */
  async creditOverpayment(
    db: Db,
    userId: string,
    amountCents: number,
    reason: string,
    key: string,
    at: Date,
  ) {
    await db
      .insert(charges)
      .values({ userId, kind: 'credit', amountCents: -amountCents, reason, sourceKey: key, createdAt: at })
      .onConflictDoNothing();
  },

  /** Card payments left pending (the gateway did not answer, the process stopped) since before `before`. */
  async pendingCardPayments(db: Db, before: Date, limit: number) {
    return db
      .select()
      .from(billPayments)
      .where(
        and(
          eq(billPayments.state, 'pending'),
          inArray(billPayments.method, ['card', 'deduction']),
          lt(billPayments.updatedAt, before),
        ),
      )
      .orderBy(asc(billPayments.updatedAt))
      .limit(limit);
  },

  /** Bills of the account with a card charge in flight: their status is Unknown until it settles. */
  async billsBeingCharged(db: Db, billIds: string[]): Promise<Set<string>> {
    if (billIds.length === 0) return new Set();
    const rows = await db
      .selectDistinct({ billId: billPayments.billId })
      .from(billPayments)
      .where(
        and(
          inArray(billPayments.billId, billIds),
          eq(billPayments.state, 'pending'),
          inArray(billPayments.method, ['card', 'deduction']),
        ),
      );
    return new Set(rows.map((r) => r.billId));
  },

  /** Of these attempts, the bills' payments waiting for their charge, paid by it, or giving it back. */
  async accountedAttempts(db: Db, attemptIds: string[]): Promise<Set<string>> {
    const ids = attemptIds.filter((id) => UUID.test(id));
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: billPayments.id })
      .from(billPayments)
      .where(
        and(inArray(billPayments.id, ids), inArray(billPayments.state, ['pending', 'succeeded', 'refunded'])),
      );
    return new Set(rows.map((r) => r.id));
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
