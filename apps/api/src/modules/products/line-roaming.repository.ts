import type { LineRoamingInput } from '@selfcare/domain/schemas/products';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customerContacts } from '../auth/index.ts';
import { lineTerms } from '../lines/index.ts';
import { lineRoaming, roamingCapAlerts } from './products.schema.ts';

export const roamingRepository = {
  async settings(db: Db, lineIds: string[]) {
    if (!lineIds.length) return new Map<string, typeof lineRoaming.$inferSelect>();
    const rows = await db.select().from(lineRoaming).where(inArray(lineRoaming.lineId, lineIds));
    return new Map(rows.map((r) => [r.lineId, r]));
  },

  async save(db: Db, lineId: string, input: LineRoamingInput, now: Date) {
    const set = {
      ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
      ...(input.capCents === undefined ? {} : { capCents: input.capCents }),
      updatedAt: now,
    };
    await db
      .insert(lineRoaming)
      .values({ lineId, enabled: input.enabled ?? true, capCents: input.capCents ?? null, updatedAt: now })
      .onConflictDoUpdate({ target: lineRoaming.lineId, set });
  },

  async forMvne(db: Db, lineId: string) {
    const [row] = await db
      .select({
        mvneServiceId: lineTerms.mvneServiceId,
        enabled: sql<boolean>`coalesce(${lineRoaming.enabled}, true)`,
        capCents: lineRoaming.capCents,
      })
      .from(lineTerms)
      .leftJoin(lineRoaming, eq(lineRoaming.lineId, lineTerms.id))
      .where(eq(lineTerms.id, lineId));
    return row;
  },

  /** Live lines with a roaming cap, with the account holder to email. */
  async capped(db: Db) {
    return db
      .select({
        lineId: lineRoaming.lineId,
        capCents: lineRoaming.capCents,
        msisdn: lineTerms.msisdn,
        email: customerContacts.email,
        firstName: customerContacts.firstName,
        language: customerContacts.language,
      })
      .from(lineRoaming)
      .innerJoin(lineTerms, eq(lineTerms.id, lineRoaming.lineId))
      .innerJoin(customerContacts, eq(customerContacts.id, lineTerms.userId))
      .where(and(isNotNull(lineRoaming.capCents), inArray(lineTerms.state, ['active', 'suspended'])))
      .then((rows) => rows.map((r) => ({ ...r, capCents: r.capCents as number })));
  },

  /** Records the notice unless it was sent for this month already; whether this call recorded it. */
  async recordAlert(db: Db, lineId: string, month: string, threshold: number, at: Date): Promise<boolean> {
    const made = await db
      .insert(roamingCapAlerts)
      .values({ lineId, month, threshold, sentAt: at })
      .onConflictDoNothing()
      .returning({ lineId: roamingCapAlerts.lineId });
    return made.length > 0;
  },
};
