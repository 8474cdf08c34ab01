import { firstBilledDay, formatMoney, formatSgDay, Messages } from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { LineProduct, ProductsView } from '@selfcare/domain/contracts/products';
import {
  boosterChangeAllowed,
  confirmedPriceHolds,
  iddSaverRate,
  type LineProductViewState,
  monthlyRemovalAt,
  ProductMessages,
  REFUNDED_SHOWN_DAYS,
  roamingPackWindow,
  roamingStartProblem,
} from '@selfcare/domain/products';
import type { BuyProductInput, ProductsQuery } from '@selfcare/domain/schemas/products';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { queueNotice } from '../auth/index.ts';
import { lineChangeForEarlierWorkers } from './product-emails.ts';
import { ProductPurchases, type ProductsDeps } from './product-purchases.ts';
import { provisionProductJob } from './products.jobs.ts';
import { type LineProductRow, productsRepository as repo } from './products.repository.ts';

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The state a product is in now: a removal or a one-time product whose end has come has ended; one
 * the network has that starts on a later day is scheduled until then.
 */
const stateAt = (row: LineProductRow, now: Date): LineProductViewState => {
  if ((row.state === 'active' || row.state === 'ending') && row.endsAt && row.endsAt <= now) return 'ended';
  if (row.state === 'active' && row.startsAt && row.startsAt > now) return 'scheduled';
  return row.state;
};

/**
 * Products on a customer's lines (ADR 0024): what the catalog offers them, subscribing and
 * unsubscribing, the order's add-ons set up when its line goes live, and the job that tells the MVNE.
 * Monthly products are charged on the bill from the day they start; the MVNE is told by a job, so a
 * purchase made while it is down is kept as pending and set up when it is back.
 */
export class ProductsService {
  readonly purchases: ProductPurchases;

  constructor(private readonly deps: ProductsDeps) {
    this.purchases = new ProductPurchases(deps);
  }

  /** The MVNE products of the monthly add-ons bought for these lines that go on next month. */
  renewing(lineIds: string[]): Promise<Set<string>> {
    return repo.renewing(this.deps.database.db, lineIds);
  }

  private get db() {
    return this.deps.database.db;
  }

  /** A product's kind by its code (undefined when the catalog has no such product). */
  async kindOf(code: string) {
    return (await this.deps.catalog.product(code))?.kind;
  }

  /** The kind of one of the account's products; another's, or none, is not found. */
  async kindOfLineProduct(userId: string, id: string) {
    const row = await repo.byId(this.db, id);
    if (!row || row.userId !== userId) throw new AppError(404, Messages.notFound);
    return row.kind;
  }

  async view(userId: string, query: ProductsQuery): Promise<ProductsView> {
    const now = this.deps.clock.now();
    const [lines, catalog, rows, card, rates] = await Promise.all([
      repo.accountLines(this.db, userId),
      this.deps.catalog.products(),
      repo.ofAccount(this.db, userId),
      this.deps.cardCharges.savedCard(userId),
      query.kind === 'idd' ? this.deps.catalog.iddRates() : Promise.resolve([]),
    ]);
    // What serves or is on its way, and what was refunded lately: the customer sees it was given back.
    const refundedSince = now.getTime() - REFUNDED_SHOWN_DAYS * 86_400_000;
    const shown = rows.filter(
      ({ row }) =>
        (!query.kind || row.kind === query.kind) &&
        (['pending', 'scheduled', 'active', 'ending'].includes(stateAt(row, now)) ||
          (row.paymentState === 'refunded' && (row.refundedAt?.getTime() ?? 0) >= refundedSince)),
    );
    return {
      lines: lines.map(({ mvneServiceId: _, ...l }) => l),
      catalog: catalog.filter((p) => !query.kind || p.kind === query.kind),
      products: shown.map(({ row, name }) => this.toView(row, name, now)),
      removalAt: monthlyRemovalAt(now).toISOString(),
      iddRates: rates.map((r) => ({ ...r, saverCentsPerMinute: iddSaverRate(r.centsPerMinute) })),
      card,
    };
  }

  /**
   * Buys a product for a line, once per `requestKey`: the same key again answers the same purchase.
   * A monthly product is charged on the bill from today and set up at once; a one-time product is
   * charged to the saved card now and set up only once paid (a decline keeps nothing and says so).
   * Refused with a clear message, and nothing kept or charged, for a product not on sale or not for
   * the line's plan, another customer's line, a line not active, a monthly product the line has.
   */
  async buy(userId: string, input: BuyProductInput): Promise<LineProduct> {
    const now = this.deps.clock.now();
    const earlier = await repo.byRequestKey(this.db, userId, input.requestKey);
    // The same purchase sent again answers as it did: a declined one is declined.
    if (earlier?.paymentState === 'declined') throw new AppError(402, ProductMessages.cardDeclined);
    if (earlier) return this.one(earlier, now);
    const lines = await repo.accountLines(this.db, userId);
    const line = lines.find((l) => l.id === input.lineId);
    if (!line) throw new AppError(404, Messages.notFound);
    const product = await this.deps.catalog.product(input.code);
    if (!product?.active) throw AppError.field('code', ProductMessages.notInCatalog);
    if (!confirmedPriceHolds(input.priceCents, product.priceCents))
      throw new AppError(409, ProductMessages.priceChanged(product.priceCents), {
        priceCents: product.priceCents,
      });
    if (product.planCodes && !product.planCodes.includes(line.planCode))
      throw AppError.field('code', ProductMessages.notForPlan);
    // A roaming pack may start on a later Singapore day, within the limit (ADR 0041).
    if (input.startDate !== undefined && product.kind !== 'roaming-pack')
      throw AppError.field('startDate', ProductMessages.startOnlyRoaming);
    const startProblem = input.startDate && roamingStartProblem(input.startDate, sgDate(now));
    if (startProblem) throw AppError.field('startDate', startProblem);
    const window = roamingPackWindow(input.startDate, now, product.validityDays ?? 0);
    const lineIds = [...new Set([line.id, ...(input.lineIds ?? [])])];
    if (lineIds.length > 1 && !product.shareable)
      throw AppError.field('lineIds', ProductMessages.notShareable);
    for (const id of lineIds) {
      const served = lines.find((l) => l.id === id);
      if (!served) throw new AppError(404, Messages.notFound);
      if (served.state !== 'active') throw new AppError(409, ProductMessages.lineNotActive);
    }
    const monthly = product.recurrence === 'monthly';
    if (!monthly && !(await this.deps.cardCharges.savedCard(userId)))
      throw new AppError(409, ProductMessages.noCard);
    const made = await this.deps.database.transaction(async (tx) => {
      // The same confirmation sent again while the first was being saved is that purchase.
      const same = await repo.byRequestKey(tx.db, userId, input.requestKey);
      if (same) return { row: same, made: false };
      await repo.settleEnded(tx.db, line.id, now);
      if (monthly) {
        const live = await repo.live(tx.db, line.id, product.code);
        // Committed by the same confirmation between the look-up above and this one (a double
        // click on a real server, whose statements each see the latest commit): that purchase.
        if (live?.requestKey === input.requestKey) return { row: live, made: false };
        if (live) throw new AppError(409, ProductMessages.alreadyActive);
      }
      if (
        monthly &&
        product.kind === 'booster' &&
        !boosterChangeAllowed(await repo.lastChange(tx.db, line.id, product.code), now)
      )
        throw new AppError(409, ProductMessages.oneChangeAMonth);
      const inserted = await repo.insert(tx.db, {
        userId,
        lineId: line.id,
        lineIds,
        productCode: product.code,
        kind: product.kind,
        recurrence: product.recurrence,
        priceCents: product.priceCents,
        source: 'portal',
        state: 'pending',
        paymentState: monthly ? null : 'charging',
        requestKey: input.requestKey,
        billedFrom: monthly ? sgDate(now) : null,
        // Starting on a later day: set up at the network now, to serve from that day (ADR 0041).
        ...(window.later ? { startsAt: window.startsAt, endsAt: window.endsAt } : {}),
        changedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      if (!inserted) throw new AppError(409, ProductMessages.alreadyActive);
      if (inserted.made && monthly) {
        await this.deps.queue.send(provisionProductJob, { id: inserted.row.id }, tx);
        // A monthly product is not paid now, so it has no receipt: the notice says what it costs.
        await queueNotice(tx, this.deps, userId, `product:${inserted.row.id}`, (locale) => {
          // Said by the email in the account's language, its day written in it (ADR 0055).
          const change = {
            kind: 'product',
            product: product.name,
            day: formatSgDay(sgDate(now), 'day', locale),
            price: formatMoney(product.priceCents),
          } as const;
          return {
            template: 'line-change',
            msisdn: line.msisdn,
            change,
            ...lineChangeForEarlierWorkers(line.msisdn, change, formatSgDay(sgDate(now))),
            link: new URL('/dashboard', this.deps.publicUrl).toString(),
          };
        });
      }
      return inserted;
    });
    if (!made.made || monthly) return this.one(made.row, now);
    const paid = await this.purchases.pay(made.row.id);
    if (paid?.state === 'failed') throw new AppError(402, ProductMessages.cardDeclined);
    return this.one(paid ?? made.row, now);
  }

  /**
   * Unsubscribes: a monthly product serves to the end of the month's last day and is not charged
   * after it (spec §4 for boosters). The MVNE is told the end day at once, by a job.
   */
  async unsubscribe(userId: string, id: string): Promise<LineProduct> {
    const now = this.deps.clock.now();
    const row = await this.deps.database.transaction(async (tx) => {
      const found = await repo.lock(tx.db, id);
      if (!found || found.userId !== userId) throw new AppError(404, Messages.notFound);
      const state = stateAt(found, now);
      if (state === 'ending') return found;
      if (state === 'pending') throw new AppError(409, ProductMessages.pending);
      if (state !== 'active' || found.recurrence !== 'monthly')
        throw new AppError(409, ProductMessages.notActive);
      if (found.kind === 'booster' && !boosterChangeAllowed(found.changedAt, now))
        throw new AppError(409, ProductMessages.oneChangeAMonth);
      const ending = await repo.update(tx.db, found.id, {
        state: 'ending',
        endsAt: monthlyRemovalAt(now),
        changedAt: now,
        updatedAt: now,
      });
      await this.deps.queue.send(provisionProductJob, { id: found.id }, tx);
      return ending as LineProductRow;
    });
    return this.one(row, now);
  }

  /**
   * Changes the lines a shareable product serves (at least the one it was bought for is not
   * required: any of the account's active lines, one or more). A monthly booster changes once a
   * month. The MVNE is told by the provisioning job.
   */
  async changeLines(userId: string, id: string, lineIds: string[]): Promise<LineProduct> {
    const now = this.deps.clock.now();
    const lines = await repo.accountLines(this.db, userId);
    const wanted = [...new Set(lineIds)];
    for (const lineId of wanted) {
      const line = lines.find((l) => l.id === lineId);
      if (!line) throw new AppError(404, Messages.notFound);
      if (line.state !== 'active') throw new AppError(409, ProductMessages.lineNotActive);
    }
    const row = await this.deps.database.transaction(async (tx) => {
      const found = await repo.lock(tx.db, id);
      if (!found || found.userId !== userId) throw new AppError(404, Messages.notFound);
      const product = await this.deps.catalog.product(found.productCode, tx.db);
      if (!product?.shareable) throw AppError.field('lineIds', ProductMessages.notShareable);
      const state = stateAt(found, now);
      if (state === 'pending') throw new AppError(409, ProductMessages.pending);
      if (state !== 'active' && state !== 'scheduled') throw new AppError(409, ProductMessages.notActive);
      if (sameSet(found.lineIds, wanted)) return found;
      if (
        found.kind === 'booster' &&
        found.recurrence === 'monthly' &&
        !boosterChangeAllowed(found.changedAt, now)
      )
        throw new AppError(409, ProductMessages.oneChangeAMonth);
      const planOf = new Map(lines.map((l) => [l.id, l.planCode]));
      if (product.planCodes && wanted.some((l) => !product.planCodes?.includes(planOf.get(l) as string)))
        throw AppError.field('lineIds', ProductMessages.notForPlan);
      const lineId = wanted.includes(found.lineId) ? found.lineId : (wanted[0] as string);
      if (
        lineId !== found.lineId &&
        found.recurrence === 'monthly' &&
        (await repo.live(tx.db, lineId, found.productCode))
      )
        throw new AppError(409, ProductMessages.alreadyActive);
      const changed = await repo.update(tx.db, found.id, {
        lineId,
        lineIds: wanted,
        linesSentAt: null,
        changedAt: now,
        updatedAt: now,
      });
      await this.deps.queue.send(provisionProductJob, { id: found.id }, tx);
      return changed as LineProductRow;
    });
    return this.one(row, now);
  }

  /**
   * An order's line went live: the add-ons chosen for it are set up on it, once (the order line and
   * code make the request key). The order paid their first month, so the bill charges them from the
   * same day a month later, as it does the plan.
   */
  async addFromOrder(
    tx: Tx,
    line: { id: string; userId: string; orderLineId: string; addonCodes: string[] },
    now: Date,
  ) {
    for (const code of line.addonCodes) {
      const product = await this.deps.catalog.product(code, tx.db);
      if (!product) continue;
      const made = await repo.insert(tx.db, {
        userId: line.userId,
        lineId: line.id,
        lineIds: [line.id],
        productCode: product.code,
        kind: product.kind,
        recurrence: product.recurrence,
        priceCents: product.priceCents,
        source: 'order',
        state: 'pending',
        requestKey: `order-line:${line.orderLineId}:${code}`,
        billedFrom: firstBilledDay(sgDate(now)),
        changedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      if (made?.made) await this.deps.queue.send(provisionProductJob, { id: made.row.id }, tx);
    }
  }

  private async one(row: LineProductRow, now: Date): Promise<LineProduct> {
    const product = await this.deps.catalog.product(row.productCode);
    return this.toView(row, product?.name ?? row.productCode, now);
  }

  private toView(row: LineProductRow, name: string, now: Date): LineProduct {
    const state = stateAt(row, now);
    return {
      id: row.id,
      code: row.productCode,
      kind: row.kind,
      name,
      recurrence: row.recurrence,
      priceCents: row.priceCents,
      lineId: row.lineId,
      lineIds: row.lineIds,
      state,
      payment: row.paymentState,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      changeable:
        state === 'active' &&
        row.recurrence === 'monthly' &&
        (row.kind !== 'booster' || boosterChangeAllowed(row.changedAt, now)),
    };
  }
}
