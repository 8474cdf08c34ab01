import { Messages } from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { LineProduct, ProductsView } from '@selfcare/domain/contracts/products';
import {
  boosterChangeAllowed,
  type LineProductState,
  monthlyRemovalAt,
  ProductMessages,
} from '@selfcare/domain/products';
import type { BuyProductInput, ProductsQuery } from '@selfcare/domain/schemas/products';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type MvneClient, MvneRejectedError } from '../../integrations/mvne.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { CatalogService } from '../catalog/index.ts';
import { provisionProductJob } from './products.jobs.ts';
import { type LineProductRow, productsRepository as repo } from './products.repository.ts';

export interface ProductsDeps {
  database: Database;
  clock: Clock;
  queue: Queue;
  mvne: MvneClient;
  catalog: CatalogService;
}

/** The state a product is in now: a removal or a one-time product whose end has come has ended. */
const stateAt = (row: LineProductRow, now: Date): LineProductState =>
  (row.state === 'active' || row.state === 'ending') && row.endsAt && row.endsAt <= now ? 'ended' : row.state;

/** The Singapore day a month after `day`: the order paid a line's first month up to the day before it. */
const monthAfter = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(d, last));
  return next.toISOString().slice(0, 10);
};

/**
 * Products on a customer's lines (ADR 0024): what the catalog offers them, subscribing and
 * unsubscribing, the order's add-ons set up when its line goes live, and the job that tells the MVNE.
 * Monthly products are charged on the bill from the day they start; the MVNE is told by a job, so a
 * purchase made while it is down is kept as pending and set up when it is back.
 */
export class ProductsService {
  constructor(private readonly deps: ProductsDeps) {}

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
    const [lines, catalog, rows] = await Promise.all([
      repo.accountLines(this.db, userId),
      this.deps.catalog.products(),
      repo.ofAccount(this.db, userId),
    ]);
    const shown = rows.filter(
      ({ row }) =>
        (!query.kind || row.kind === query.kind) &&
        ['pending', 'active', 'ending'].includes(stateAt(row, now)),
    );
    return {
      lines: lines.map(({ mvneServiceId: _, ...l }) => l),
      catalog: catalog.filter((p) => !query.kind || p.kind === query.kind),
      products: shown.map(({ row, name }) => this.toView(row, name, now)),
      removalAt: monthlyRemovalAt(now).toISOString(),
    };
  }

  /**
   * Subscribes a line to a monthly product, once per `requestKey`: the same key again answers the
   * same subscription. Refused with a clear message, and nothing kept, for a product not on sale or
   * not for the line's plan, another customer's line, a line not active, a product the line has.
   */
  async subscribe(userId: string, input: BuyProductInput): Promise<LineProduct> {
    const now = this.deps.clock.now();
    const earlier = await repo.byRequestKey(this.db, userId, input.requestKey);
    if (earlier) return this.one(earlier, now);
    const lines = await repo.accountLines(this.db, userId);
    const line = lines.find((l) => l.id === input.lineId);
    if (!line) throw new AppError(404, Messages.notFound);
    const product = await this.deps.catalog.product(input.code);
    if (!product?.active) throw AppError.field('code', ProductMessages.notInCatalog);
    if (product.planCodes && !product.planCodes.includes(line.planCode))
      throw AppError.field('code', ProductMessages.notForPlan);
    const lineIds = [...new Set([line.id, ...(input.lineIds ?? [])])];
    if (lineIds.length > 1 && !product.shareable)
      throw AppError.field('lineIds', ProductMessages.notShareable);
    for (const id of lineIds) {
      const served = lines.find((l) => l.id === id);
      if (!served) throw new AppError(404, Messages.notFound);
      if (served.state !== 'active') throw new AppError(409, ProductMessages.lineNotActive);
    }
    if (product.recurrence !== 'monthly') throw AppError.field('code', ProductMessages.notInCatalog);
    const row = await this.deps.database.transaction(async (tx) => {
      // The same confirmation sent again while the first was being saved is that subscription.
      const same = await repo.byRequestKey(tx.db, userId, input.requestKey);
      if (same) return same;
      await repo.settleEnded(tx.db, line.id, now);
      if (await repo.live(tx.db, line.id, product.code))
        throw new AppError(409, ProductMessages.alreadyActive);
      if (
        product.kind === 'booster' &&
        !boosterChangeAllowed(await repo.lastChange(tx.db, line.id, product.code), now)
      )
        throw new AppError(409, ProductMessages.oneChangeAMonth);
      const made = await repo.insert(tx.db, {
        userId,
        lineId: line.id,
        lineIds,
        productCode: product.code,
        kind: product.kind,
        recurrence: product.recurrence,
        priceCents: product.priceCents,
        source: 'portal',
        state: 'pending',
        requestKey: input.requestKey,
        billedFrom: sgDate(now),
        changedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      if (!made) throw new AppError(409, ProductMessages.alreadyActive);
      if (made.made) await this.deps.queue.send(provisionProductJob, { id: made.row.id }, tx);
      return made.row;
    });
    return this.one(row, now);
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
        billedFrom: monthAfter(sgDate(now)),
        changedAt: now,
        createdAt: now,
        updatedAt: now,
      });
      if (made?.made) await this.deps.queue.send(provisionProductJob, { id: made.row.id }, tx);
    }
  }

  /**
   * Job: brings the MVNE in line with the product. A pending product is added (from now, to its end
   * for a one-time one) and becomes active; a booked removal is sent with its day. The MVNE refusing
   * an add (the line ended meanwhile) fails the product, which is then never charged.
   */
  async provision(id: string) {
    const row = await repo.byId(this.db, id);
    if (!row) return;
    const services = await repo.serviceIds(this.db, row.lineIds);
    const serviceIds = row.lineIds.map((l) => services.get(l)).filter((s): s is string => !!s);
    if (row.state === 'pending' && !row.mvneProductId) {
      const now = this.deps.clock.now();
      try {
        const product = await this.deps.mvne.orderProductChange(`${row.id}:add`, row.userId, {
          action: 'add',
          offering: row.productCode,
          serviceIds,
          startDate: now,
          terminationDate: row.endsAt,
        });
        await repo.update(this.db, row.id, {
          state: 'active',
          mvneProductId: product.id,
          startsAt: new Date(product.startDate),
          updatedAt: now,
        });
      } catch (err) {
        if (!(err instanceof MvneRejectedError)) throw err;
        await repo.update(this.db, row.id, { state: 'failed', updatedAt: now });
      }
      return;
    }
    if (row.state === 'ending' && row.mvneProductId && !row.removalSentAt) {
      try {
        await this.deps.mvne.orderProductChange(`${row.id}:delete`, row.userId, {
          action: 'delete',
          productId: row.mvneProductId,
          terminationDate: row.endsAt,
        });
      } catch (err) {
        // The MVNE has no such product on a live line any more (the line ended): nothing left to end.
        if (!(err instanceof MvneRejectedError)) throw err;
      }
      await repo.update(this.db, row.id, { removalSentAt: this.deps.clock.now() });
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
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      changeable:
        state === 'active' &&
        row.recurrence === 'monthly' &&
        (row.kind !== 'booster' || boosterChangeAllowed(row.changedAt, now)),
    };
  }
}
