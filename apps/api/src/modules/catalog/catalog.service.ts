import { type Addon, type Fees, OrderMessages, type Plan, type Promotion } from '@selfcare/domain/order';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { addons, plans, promotionCodes } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

const planColumns = {
  code: plans.code,
  name: plans.name,
  group: plans.planGroup,
  companyCode: plans.companyCode,
  monthlyCents: plans.monthlyCents,
  dataGb: plans.dataGb,
  talkMinutes: plans.talkMinutes,
  sms: plans.sms,
  roamingGb: plans.roamingGb,
  description: plans.description,
};
const addonColumns = {
  code: addons.code,
  name: addons.name,
  monthlyCents: addons.monthlyCents,
  description: addons.description,
};

/** Plans, add-ons and promotions as customers may buy them. */
export class CatalogService {
  constructor(
    private readonly database: Database,
    readonly fees: Fees,
  ) {}

  /** Active consumer plans, and the CIS plans of the companies the customer is eligible for. */
  async plansFor(cisCompanies: string[]): Promise<Plan[]> {
    const cis = cisCompanies.length
      ? and(eq(plans.planGroup, 'cis'), inArray(plans.companyCode, cisCompanies))
      : undefined;
    return this.database.db
      .select(planColumns)
      .from(plans)
      .where(
        and(
          eq(plans.active, true),
          cis ? or(eq(plans.planGroup, 'consumer'), cis) : eq(plans.planGroup, 'consumer'),
        ),
      )
      .orderBy(asc(plans.sort), asc(plans.code));
  }

  async addons(): Promise<Addon[]> {
    return this.database.db
      .select(addonColumns)
      .from(addons)
      .where(eq(addons.active, true))
      .orderBy(asc(addons.sort));
  }

  /** The promotion a code gives at `now`, or the spec-style refusal when it gives none. */
  async promotion(
    code: string,
    now: Date,
    /** A code the customer's unpaid order already holds counts against its cap already. */
    heldCode: string | null = null,
  ): Promise<Promotion & { description: string }> {
    const [row] = await this.database.db
      .select()
      .from(promotionCodes)
      .where(eq(promotionCodes.code, code.trim().toUpperCase()));
    const usable =
      row?.active &&
      row.validFrom <= now &&
      (!row.validTo || row.validTo > now) &&
      (row.maxRedemptions === null || row.redemptions < row.maxRedemptions || row.code === heldCode);
    if (!row || !usable) throw AppError.field('code', OrderMessages.promotionInvalid);
    return {
      code: row.code,
      description: row.description,
      percentOff: row.percentOff,
      amountOffCents: row.amountOffCents,
    };
  }

  /**
   * Counts one more order holding `code`, refused (and nothing counted) when that would pass its
   * cap: a single statement, so concurrent checkouts cannot both take the last one.
   */
  async redeem(db: Db, code: string): Promise<void> {
    const taken = await db
      .update(promotionCodes)
      .set({ redemptions: sql`${promotionCodes.redemptions} + 1` })
      .where(
        and(
          eq(promotionCodes.code, code),
          or(
            isNull(promotionCodes.maxRedemptions),
            lt(promotionCodes.redemptions, promotionCodes.maxRedemptions),
          ),
        ),
      )
      .returning({ code: promotionCodes.code });
    if (!taken.length) throw AppError.field('code', OrderMessages.promotionInvalid);
  }

  /** An order no longer holds `code` (the customer changed or removed it before paying). */
  async release(db: Db, code: string): Promise<void> {
    await db
      .update(promotionCodes)
      .set({ redemptions: sql`greatest(${promotionCodes.redemptions} - 1, 0)` })
      .where(eq(promotionCodes.code, code));
  }
}
