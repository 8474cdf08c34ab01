import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MvneEsimProfile } from '../../integrations/mvne.ts';
import { accountRecords } from '../auth/index.ts';
import { chargeRecords, type LineLabels } from '../billing/index.ts';
import { planTerms } from '../catalog/index.ts';
import { openOrderRecords } from '../orders/index.ts';
import { esimProfiles, subscriptions } from './lines.schema.ts';

export type LineRow = typeof subscriptions.$inferSelect;
export type EsimProfileRow = typeof esimProfiles.$inferSelect;

/** The lines a bill or staff's list of charges names, with their number and plan (ADR 0045). */
export const lineLabels: LineLabels = (db, lineIds) =>
  db
    .select({ id: subscriptions.id, msisdn: subscriptions.msisdn, planName: planTerms.name })
    .from(subscriptions)
    .innerJoin(planTerms, eq(planTerms.code, subscriptions.planCode))
    .where(inArray(subscriptions.id, lineIds));

/** A customer's lines, their eSIM profiles, and the admin fee of orders not activated in time. */
export const linesRepository = {
  /** The customer's lines with their plan's name and eSIM profiles issued, main line first; `id` narrows to one. */
  async customerLines(db: Db, userId: string, id?: string) {
    return db
      .select({
        line: subscriptions,
        planName: planTerms.name,
        issued: sql<number>`(select count(*)::int from ${esimProfiles} where ${esimProfiles.subscriptionId} = ${subscriptions.id})`,
      })
      .from(subscriptions)
      .innerJoin(planTerms, eq(planTerms.code, subscriptions.planCode))
      .where(and(eq(subscriptions.userId, userId), id ? eq(subscriptions.id, id) : undefined))
      .orderBy(desc(subscriptions.isMainLine), asc(subscriptions.createdAt), asc(subscriptions.msisdn));
  },

  async line(db: Db, id: string): Promise<LineRow | undefined> {
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    return row;
  },

  /** Holds the customer's line for the caller's transaction; another customer's line is not found. */
  async lockCustomerLine(db: Db, userId: string, id: string): Promise<LineRow | undefined> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)))
      .for('update');
    return row;
  },

  /** The line takes the ICCID of its newest profile. */
  async setLineIccid(db: Db, id: string, iccid: string, now: Date): Promise<LineRow | undefined> {
    const [row] = await db
      .update(subscriptions)
      .set({ iccid, updatedAt: now })
      .where(eq(subscriptions.id, id))
      .returning();
    return row;
  },

  /** Who to email about a line. */
  owner: (db: Db, userId: string) => accountRecords.contactOf(db, userId),

  async profile(db: Db, id: string): Promise<EsimProfileRow | undefined> {
    const [row] = await db.select().from(esimProfiles).where(eq(esimProfiles.id, id));
    return row;
  },

  /** Every profile issued for the line. */
  async profilesOf(db: Db, subscriptionId: string): Promise<EsimProfileRow[]> {
    return db.select().from(esimProfiles).where(eq(esimProfiles.subscriptionId, subscriptionId));
  },

  async profilesIssued(db: Db, subscriptionId: string): Promise<number> {
    const [{ issued } = { issued: 0 }] = await db
      .select({ issued: count() })
      .from(esimProfiles)
      .where(eq(esimProfiles.subscriptionId, subscriptionId));
    return issued;
  },

  /** The line's first profile, once: undefined when it was requested before. */
  async requestFirstProfile(db: Db, line: { id: string; userId: string }, now: Date) {
    const [row] = await db
      .insert(esimProfiles)
      .values({ subscriptionId: line.id, userId: line.userId, issue: 1, requestedAt: now })
      .onConflictDoNothing()
      .returning({ id: esimProfiles.id });
    return row;
  },

  async requestProfile(db: Db, line: { id: string; userId: string }, issue: number, now: Date) {
    const [row] = await db
      .insert(esimProfiles)
      .values({ subscriptionId: line.id, userId: line.userId, issue, requestedAt: now })
      .returning({ id: esimProfiles.id });
    return row;
  },

  /** Records what the MVNE released, once: undefined when the profile was issued before. */
  async markProfileIssued(
    db: Db,
    id: string,
    released: Pick<MvneEsimProfile, 'id' | 'iccid' | 'activationCode' | 'state'>,
    now: Date,
  ): Promise<EsimProfileRow | undefined> {
    const [row] = await db
      .update(esimProfiles)
      .set({
        mvneProfileId: released.id,
        iccid: released.iccid,
        activationCode: released.activationCode,
        state: released.state,
        issuedAt: now,
      })
      .where(and(eq(esimProfiles.id, id), isNull(esimProfiles.activationCode)))
      .returning();
    return row;
  },

  /** Replaces the line's live profile: returns the ones set aside, whose MVNE profiles are to be disabled. */
  async setAsideLiveProfiles(db: Db, subscriptionId: string, now: Date) {
    return db
      .update(esimProfiles)
      .set({ disabledAt: now })
      .where(and(eq(esimProfiles.subscriptionId, subscriptionId), isNull(esimProfiles.disabledAt)))
      .returning({ id: esimProfiles.id });
  },

  async markProfileDisabled(db: Db, id: string) {
    await db.update(esimProfiles).set({ state: 'disabled' }).where(eq(esimProfiles.id, id));
  },

  /** The profile's state and device as the MVNE last reported them. */
  async recordProfileDevice(db: Db, id: string, state: EsimProfileRow['state'], deviceEid: string | null) {
    await db.update(esimProfiles).set({ state, deviceEid }).where(eq(esimProfiles.id, id));
  },

  /** Open orders placed before `before` that have no admin fee yet, at most `limit`. */
  openOrdersWithoutAdminFee: (db: Db, before: Date, limit: number) =>
    openOrderRecords.placedBefore(db, before, limit, (orderId) =>
      chargeRecords.noOrderCharge(db, orderId, 'admin-fee'),
    ),
};
