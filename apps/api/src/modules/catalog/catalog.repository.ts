import type { StaffCatalogItem } from '@selfcare/domain/contracts/staff-catalog';
import type { Translations } from '@selfcare/domain/order';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { iddRates, plans, products, promotionCodes } from './catalog.schema.ts';

export type PromotionRow = typeof promotionCodes.$inferSelect;

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
  descriptions: plans.descriptions,
};
const addonColumns = {
  code: products.code,
  name: products.name,
  monthlyCents: products.priceCents,
  description: products.description,
  descriptions: products.descriptions,
  planCodes: products.planCodes,
};
const productColumns = {
  code: products.code,
  kind: products.kind,
  name: products.name,
  description: products.description,
  descriptions: products.descriptions,
  priceCents: products.priceCents,
  recurrence: products.recurrence,
  validityDays: products.validityDays,
  shareable: products.shareable,
  countries: products.countries,
  planCodes: products.planCodes,
};
export type ProductRow = { [K in keyof typeof productColumns]: (typeof products.$inferSelect)[K] };

/** What the console's catalog page shows of a plan or a product. */
const textColumns = (table: typeof plans | typeof products) => ({
  code: table.code,
  name: table.name,
  description: table.description,
  descriptions: table.descriptions,
  active: table.active,
});

export const catalogRepository = {
  /** Active consumer plans, and the CIS plans of these companies (none when the list is empty). */
  async activePlans(db: Db, cisCompanies: string[]) {
    const cis = cisCompanies.length
      ? and(eq(plans.planGroup, 'cis'), inArray(plans.companyCode, cisCompanies))
      : undefined;
    return db
      .select(planColumns)
      .from(plans)
      .where(
        and(
          eq(plans.active, true),
          cis ? or(eq(plans.planGroup, 'consumer'), cis) : eq(plans.planGroup, 'consumer'),
        ),
      )
      .orderBy(asc(plans.sort), asc(plans.code));
  },

  /** The monthly add-ons the order wizard offers. */
  async activeAddons(db: Db) {
    return db
      .select(addonColumns)
      .from(products)
      .where(and(eq(products.active, true), eq(products.kind, 'addon')))
      .orderBy(asc(products.sort), asc(products.code));
  },

  /** Everything a line can have beside its plan that is on sale, in the catalog's order. */
  async activeProducts(db: Db): Promise<ProductRow[]> {
    return db
      .select(productColumns)
      .from(products)
      .where(eq(products.active, true))
      .orderBy(asc(products.sort), asc(products.code));
  },

  /** The IDD rates shown to customers, in the catalog's order. */
  async iddRates(db: Db) {
    return db
      .select({
        country: iddRates.country,
        centsPerMinute: iddRates.centsPerMinute,
        smsCents: iddRates.smsCents,
      })
      .from(iddRates)
      .where(eq(iddRates.active, true))
      .orderBy(asc(iddRates.sort), asc(iddRates.country));
  },

  /** A product by code, on sale or not (a line keeps what it bought). */
  async product(db: Db, code: string): Promise<(ProductRow & { active: boolean }) | undefined> {
    const [row] = await db
      .select({ ...productColumns, active: products.active })
      .from(products)
      .where(eq(products.code, code));
    return row;
  },

  async promotion(db: Db, code: string): Promise<PromotionRow | undefined> {
    const [row] = await db.select().from(promotionCodes).where(eq(promotionCodes.code, code));
    return row;
  },

  /**
   * Counts one more order holding `code` unless that would pass its cap, in a single statement, so
   * concurrent checkouts cannot both take the last one; false when nothing was counted.
   */
  async redeem(db: Db, code: string): Promise<boolean> {
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
    return taken.length > 0;
  },

  /** Every plan, then every product, on sale or not, with their descriptions: the console's catalog. */
  async forStaff(db: Db): Promise<StaffCatalogItem[]> {
    const [planRows, productRows] = await Promise.all([
      db.select(textColumns(plans)).from(plans).orderBy(asc(plans.sort), asc(plans.code)),
      db.select(textColumns(products)).from(products).orderBy(asc(products.sort), asc(products.code)),
    ]);
    return [
      ...planRows.map((r) => ({ kind: 'plan' as const, ...r })),
      ...productRows.map((r) => ({ kind: 'product' as const, ...r })),
    ];
  },

  /** Sets a plan's or product's descriptions in the other languages; undefined when there is no such item. */
  async setDescriptions(
    db: Db,
    kind: StaffCatalogItem['kind'],
    code: string,
    descriptions: Translations,
    now: Date,
  ): Promise<{ before: Translations; item: StaffCatalogItem } | undefined> {
    const table = kind === 'plan' ? plans : products;
    // The row is locked as it is read, so the audit's "before" is what this change replaced.
    const [before] = await db
      .select({ descriptions: table.descriptions })
      .from(table)
      .where(eq(table.code, code))
      .for('update');
    if (!before) return undefined;
    const [row] = await db
      .update(table)
      .set({ descriptions, updatedAt: now })
      .where(eq(table.code, code))
      .returning(textColumns(table));
    return row && { before: before.descriptions, item: { kind, ...row } };
  },

  /** One order fewer holds `code` (never below none). */
  async release(db: Db, code: string) {
    await db
      .update(promotionCodes)
      .set({ redemptions: sql`greatest(${promotionCodes.redemptions} - 1, 0)` })
      .where(eq(promotionCodes.code, code));
  },
};
