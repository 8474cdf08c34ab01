import { Messages, type StaffRole } from '@selfcare/domain';
import type { StaffCatalog, StaffCatalogItem } from '@selfcare/domain/contracts/staff-catalog';
import {
  type Addon,
  type Fees,
  OrderMessages,
  type Plan,
  type Promotion,
  type Translations,
} from '@selfcare/domain/order';
import type { CatalogDescriptionsInput } from '@selfcare/domain/schemas/staff';
import type { Clock } from '../../clock.ts';
import type { Database, Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { recordStaffAudit } from '../staff/index.ts';
import { type ProductRow, catalogRepository as repo } from './catalog.repository.ts';

/** Plans, add-ons and promotions as customers may buy them. */
export class CatalogService {
  constructor(
    private readonly database: Database,
    readonly fees: Fees,
    private readonly clock: Clock,
  ) {}

  /** The console's catalog page: every plan and product, with its descriptions in each language. */
  async forStaff(): Promise<StaffCatalog> {
    return { items: await repo.forStaff(this.database.db) };
  }

  /**
   * An admin writes a plan's or product's description in Chinese, Malay and Tamil (ADR 0055); a
   * language left empty reads the English. Recorded in the audit log with what it replaced.
   */
  async setDescriptions(
    staff: { id: string; role: StaffRole },
    kind: StaffCatalogItem['kind'],
    code: string,
    input: CatalogDescriptionsInput,
  ): Promise<StaffCatalogItem> {
    const descriptions: Translations = Object.fromEntries(
      Object.entries(input).filter(([, text]) => typeof text === 'string' && text.trim() !== ''),
    );
    return this.database.transaction(async (tx) => {
      const now = this.clock.now();
      const changed = await repo.setDescriptions(tx.db, kind, code, descriptions, now);
      if (!changed) throw new AppError(404, Messages.notFound);
      await recordStaffAudit(tx.client, {
        at: now,
        staffId: staff.id,
        action: 'catalog-descriptions',
        subject: `${kind} ${code}`,
        reason: null,
        detail: { before: changed.before, after: descriptions },
      });
      return changed.item;
    });
  }

  /** Active consumer plans, and the CIS plans of the companies the customer is eligible for. */
  async plansFor(cisCompanies: string[]): Promise<Plan[]> {
    return repo.activePlans(this.database.db, cisCompanies);
  }

  async addons(): Promise<Addon[]> {
    return repo.activeAddons(this.database.db);
  }

  /** Add-ons, boosters, top-ups, roaming packs and IDD services on sale (ADR 0024). */
  async products(): Promise<ProductRow[]> {
    return repo.activeProducts(this.database.db);
  }

  /** What calls and SMS abroad cost, by destination. */
  async iddRates() {
    return repo.iddRates(this.database.db);
  }

  /** A product by code, on sale or not; `db` is a caller's transaction's when it is in one. */
  async product(code: string, db: Db = this.database.db) {
    return repo.product(db, code);
  }

  /** The promotion a code gives at `now`, or the spec-style refusal when it gives none. */
  async promotion(
    code: string,
    now: Date,
    /** A code the customer's unpaid order already holds counts against its cap already. */
    heldCode: string | null = null,
  ): Promise<Promotion & { description: string }> {
    const row = await repo.promotion(this.database.db, code.trim().toUpperCase());
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
    const taken = await repo.redeem(db, code);
    if (!taken) throw AppError.field('code', OrderMessages.promotionInvalid);
  }

  /** An order no longer holds `code` (the customer changed or removed it before paying). */
  async release(db: Db, code: string): Promise<void> {
    await repo.release(db, code);
  }
}
