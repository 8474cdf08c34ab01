import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { planTerms, productNames } from '../catalog/index.ts';
import { lineRecords, lineTerms } from '../lines/index.ts';
import { lineProducts, planChanges } from './products.schema.ts';

export type PlanChangeRow = typeof planChanges.$inferSelect;

export const planChangesRepository = {
  /** The account's changes, newest first. */
  async ofAccount(db: Db, userId: string) {
    return db
      .select()
      .from(planChanges)
      .where(eq(planChanges.userId, userId))
      .orderBy(desc(planChanges.createdAt));
  },

  /** Plans by code with their names and prices (the ones a change names, on offer or not). */
  async plans(db: Db) {
    return db
      .select({ code: planTerms.code, name: planTerms.name, monthlyCents: planTerms.monthlyCents })
      .from(planTerms);
  },

  async lock(db: Db, id: string) {
    const [row] = await db.select().from(planChanges).where(eq(planChanges.id, id)).for('update');
    return row;
  },

  /** Schedules the change unless the line has one scheduled already (null then). */
  async insert(db: Db, row: typeof planChanges.$inferInsert) {
    const [made] = await db.insert(planChanges).values(row).onConflictDoNothing().returning();
    return made ?? null;
  },

  async update(db: Db, id: string, set: Partial<typeof planChanges.$inferInsert>) {
    const [row] = await db.update(planChanges).set(set).where(eq(planChanges.id, id)).returning();
    return row;
  },

  /** Scheduled changes due on or before `day`, with their line's MVNE service, oldest first. */
  async due(db: Db, day: string) {
    return db
      .select({ change: planChanges, serviceId: lineTerms.mvneServiceId })
      .from(planChanges)
      .innerJoin(lineTerms, eq(lineTerms.id, planChanges.lineId))
      .where(
        and(
          eq(planChanges.state, 'scheduled'),
          lte(planChanges.effectiveOn, day),
          inArray(lineTerms.state, ['active', 'suspended']),
        ),
      )
      .orderBy(asc(planChanges.effectiveOn))
      .limit(200);
  },

  /**
   * The account's recurring products that serve a line and still will after `at` (pending, active,
   * or ending later), with the plans each may be on.
   */
  async recurring(db: Db, userId: string, at: Date, lineId?: string) {
    return db
      .select({
        id: lineProducts.id,
        lineId: lineProducts.lineId,
        lineIds: lineProducts.lineIds,
        code: lineProducts.productCode,
        name: productNames.name,
        planCodes: productNames.planCodes,
        state: lineProducts.state,
        endsAt: lineProducts.endsAt,
        removalSentAt: lineProducts.removalSentAt,
      })
      .from(lineProducts)
      .innerJoin(productNames, eq(productNames.code, lineProducts.productCode))
      .where(
        and(
          eq(lineProducts.userId, userId),
          eq(lineProducts.recurrence, 'monthly'),
          inArray(lineProducts.state, ['pending', 'active', 'ending']),
          or(isNull(lineProducts.endsAt), gt(lineProducts.endsAt, at)),
          lineId ? sql`${lineId}::uuid = ANY(${lineProducts.lineIds})` : undefined,
        ),
      )
      .orderBy(asc(lineProducts.createdAt));
  },

  /** The line is on its new plan from now. */
  setLinePlan: (db: Db, lineId: string, planCode: string, at: Date) =>
    lineRecords.setPlan(db, lineId, planCode, at),
};
