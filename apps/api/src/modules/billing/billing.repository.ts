import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerContacts } from '../auth/index.ts';
import { billPayments, bills, charges } from './billing.schema.ts';

export type BillRow = typeof bills.$inferSelect;
export type ChargeRow = typeof charges.$inferSelect;
/** A bill's latest failed card deduction: which try it was (0 first) and its day in Singapore. */
export interface FailedDeduction {
  attempt: number;
  on: string;
}

/** Reads of bills and their items; the bill run's own statements are in bill-run.repository.ts. */
export const billingRepository = {
  async latest(db: Db, userId: string, limit: number): Promise<BillRow[]> {
    return db.select().from(bills).where(eq(bills.userId, userId)).orderBy(desc(bills.month)).limit(limit);
  },

  /** A bill, only if it is this account's: another's reads as not found. */
  async ownBill(db: Db, userId: string, billId: string): Promise<BillRow | undefined> {
    const [row] = await db
      .select()
      .from(bills)
      .where(and(eq(bills.id, billId), eq(bills.userId, userId)));
    return row;
  },

  /** Each of `billIds`' latest failed card deduction: the try (0 first) and its day in Singapore. */
  async failedDeductions(db: Db, billIds: string[]): Promise<Map<string, FailedDeduction>> {
    if (billIds.length === 0) return new Map();
    const rows = await db
      .selectDistinctOn([billPayments.billId], {
        billId: billPayments.billId,
        attempt: billPayments.attempt,
        on: sql<string>`to_char(${billPayments.createdAt} AT TIME ZONE 'Asia/Singapore', 'YYYY-MM-DD')`,
      })
      .from(billPayments)
      .where(
        and(
          inArray(billPayments.billId, billIds),
          eq(billPayments.method, 'deduction'),
          eq(billPayments.state, 'failed'),
        ),
      )
      .orderBy(billPayments.billId, desc(billPayments.attempt));
    return new Map(rows.map((r) => [r.billId, { on: r.on, attempt: r.attempt }]));
  },

  async items(db: Db, billId: string): Promise<ChargeRow[]> {
    return db
      .select()
      .from(charges)
      .where(eq(charges.billId, billId))
      .orderBy(asc(charges.lineId), asc(charges.createdAt), asc(charges.kind));
  },

  /** Whom a bill is addressed to: the account holder (the billing address is orders', ADR 0045). */
  async holder(db: Db, userId: string) {
    const [row] = await db
      .select({
        email: customerContacts.email,
        firstName: customerContacts.firstName,
        lastName: customerContacts.lastName,
        language: customerContacts.language,
      })
      .from(customerContacts)
      .where(eq(customerContacts.id, userId));
    return row;
  },

  /** A bill and whom it is addressed to. */
  async billWithHolder(db: Db, billId: string) {
    const [row] = await db
      .select({
        bill: bills,
        email: customerContacts.email,
        firstName: customerContacts.firstName,
        language: customerContacts.language,
      })
      .from(bills)
      .innerJoin(customerContacts, eq(customerContacts.id, bills.userId))
      .where(eq(bills.id, billId));
    return row;
  },

  /** Bills not yet emailed, oldest first. */
  async unsent(db: Db, limit: number) {
    return db
      .select({ id: bills.id })
      .from(bills)
      .where(isNull(bills.emailedAt))
      .orderBy(asc(bills.createdAt))
      .limit(limit);
  },

  /** Marks a bill emailed; false when another worker did it first. */
  async markEmailed(db: Db, billId: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(bills)
      .set({ emailedAt: at })
      .where(and(eq(bills.id, billId), isNull(bills.emailedAt)))
      .returning({ id: bills.id });
    return rows.length > 0;
  },
};
