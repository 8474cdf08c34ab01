import type { StaffReplacementQuery } from '@selfcare/domain/fulfilment';
import { OPEN_REPLACEMENT_STATES, type ReplacementState } from '@selfcare/domain/line-services';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerContacts } from '../auth/index.ts';
import { simReplacements, subscriptions } from './lines.schema.ts';

const REPLACEMENTS_PAGE_SIZE = 25;

export type ReplacementRecord = typeof simReplacements.$inferSelect;

function filter(q: StaffReplacementQuery): SQL | undefined {
  if (!q.state || q.state === 'open') return inArray(simReplacements.state, [...OPEN_REPLACEMENT_STATES]);
  if (q.state === 'all') return undefined;
  return eq(simReplacements.state, q.state as ReplacementState);
}

/**
 * Lost SIMs' replacements as fulfilment's staff work them (ADR 0029), read and written inside the
 * caller's transaction (ADR 0045): the table is this module's, the work fulfilment's.
 */
export const replacementRecords = {
  /** A page of replacements, oldest reported first (the longest waiting at the top), with the total. */
  async page(db: Db, q: StaffReplacementQuery) {
    const where = filter(q);
    const page = q.page ?? 1;
    const [rows, [count]] = await Promise.all([
      db
        .select({
          r: simReplacements,
          customerName: sql<string>`${customerContacts.firstName} || ' ' || ${customerContacts.lastName}`,
          email: customerContacts.email,
        })
        .from(simReplacements)
        .innerJoin(customerContacts, eq(customerContacts.id, simReplacements.userId))
        .where(where)
        .orderBy(
          sql`${simReplacements.state} IN ('reported', 'sent', 'delivered', 'activating') DESC`,
          q.state === 'open' || !q.state ? simReplacements.reportedAt : desc(simReplacements.reportedAt),
        )
        .limit(REPLACEMENTS_PAGE_SIZE)
        .offset((page - 1) * REPLACEMENTS_PAGE_SIZE),
      db.select({ n: sql<number>`count(*)::int` }).from(simReplacements).where(where),
    ]);
    return { rows, total: count?.n ?? 0, page, pageSize: REPLACEMENTS_PAGE_SIZE };
  },

  async one(db: Db, id: string) {
    const [row] = await db
      .select({
        r: simReplacements,
        customerName: sql<string>`${customerContacts.firstName} || ' ' || ${customerContacts.lastName}`,
        email: customerContacts.email,
      })
      .from(simReplacements)
      .innerJoin(customerContacts, eq(customerContacts.id, simReplacements.userId))
      .where(eq(simReplacements.id, id));
    return row;
  },

  /** Holds the replacement for the caller's transaction. */
  async lock(db: Db, id: string): Promise<ReplacementRecord | undefined> {
    const [row] = await db.select().from(simReplacements).where(eq(simReplacements.id, id)).for('update');
    return row;
  },

  async update(db: Db, id: string, values: Partial<ReplacementRecord>) {
    await db.update(simReplacements).set(values).where(eq(simReplacements.id, id));
  },

  /** A replacement the MVNE refused to swap in, while it is still activating. */
  async refuseSwap(db: Db, id: string, state: ReplacementState, failure: string) {
    await db
      .update(simReplacements)
      .set({ state, failure })
      .where(and(eq(simReplacements.id, id), eq(simReplacements.state, 'activating')));
  },

  /** The line's service at the MVNE. */
  async serviceOf(db: Db, lineId: string) {
    const [row] = await db
      .select({ mvneServiceId: subscriptions.mvneServiceId })
      .from(subscriptions)
      .where(eq(subscriptions.id, lineId));
    return row?.mvneServiceId ?? null;
  },
};
