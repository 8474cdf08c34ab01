import { cardName, type Locale } from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import { oneTimeEnd } from '@selfcare/domain/products';
import type { Clock } from '../../clock.ts';
import type { Brand } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { type MvneClient, MvneRejectedError } from '../../integrations/mvne.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { CardCharges } from '../billing/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import { provisionProductJob } from './products.jobs.ts';
import { type LineProductRow, productsRepository as repo } from './products.repository.ts';
import { queueReceipt } from './purchase-receipts.ts';

/** What the products module works with. */
export interface ProductsDeps {
  database: Database;
  clock: Clock;
  queue: Queue;
  mvne: Pick<MvneClient, 'orders'>;
  catalog: CatalogService;
  cardCharges: CardCharges;
  /** For the receipts: the GST rate prices include, and where the portal is. */
  gstPercent: number;
  publicUrl: string;
  /** For the notice of a monthly product: the brand's support contact. */
  brand: Brand;
  /** The language to write to a customer who has not chosen one (DEFAULT_LANGUAGE, ADR 0055). */
  defaultLocale: Locale;
}

/** A charge with no answer for this long is asked for again (the same key: never a second charge). */
export const CHARGE_SETTLE_AFTER_MS = 30_000;
/** An unserved purchase is left this long to the job that is refunding it before the sweep does. */
const REFUND_SWEEP_AFTER_MS = 30_000;

/**
 * A paid purchase that ended or failed before it served: before the MVNE had it, or, a pack bought
 * for a later day (ADR 0041), ended with its line before that day came. Its money is owed back.
 */
const unserved = (row: LineProductRow) =>
  row.paymentState === 'paid' &&
  (row.state === 'ended' || row.state === 'failed') &&
  (!row.mvneProductId || (!!row.startsAt && !!row.endsAt && row.endsAt <= row.startsAt));

/**
 * Paying for one-time purchases and telling the MVNE (ADR 0024). A one-time product is charged to
 * the saved card with its row's id as the gateway's idempotency key; paid, it gets its 30 days (or
 * the pack's) from then and is set up; declined, it fails and nothing is set up; with no answer it
 * stays pending and the reconciler asks again. The provisioning job adds, and ends, products at the
 * MVNE by change orders named by the row and the step. A paid purchase that never serves (its line
 * ended first, the MVNE refused it, its job gave up) is refunded once, with a receipt for each.
 */
export class ProductPurchases {
  constructor(private readonly deps: ProductsDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /** Charges a purchase still charging, and settles it; its row after (unchanged when no answer). */
  async pay(id: string): Promise<LineProductRow | undefined> {
    const row = await repo.byId(this.db, id);
    if (row?.paymentState !== 'charging') return row;
    const outcome = await this.deps.cardCharges.charge(row.userId, row.priceCents, `product:${row.id}`, {
      productId: row.id,
      product: row.productCode,
    });
    if (outcome.status === 'unknown') return row;
    // The card the charge was just made to (the latest saved), named on the receipt and its refund.
    const card = outcome.status === 'succeeded' ? await this.deps.cardCharges.savedCard(row.userId) : null;
    return this.deps.database.transaction(async (tx) => {
      const locked = await repo.lock(tx.db, row.id);
      if (locked?.paymentState !== 'charging') return locked;
      const now = this.deps.clock.now();
      if (outcome.status === 'failed')
        return repo.update(tx.db, row.id, { state: 'failed', paymentState: 'declined', updatedAt: now });
      const paid = await repo.update(tx.db, row.id, {
        paymentState: 'paid',
        chargeId: outcome.chargeId,
        card: card ? cardName(card) : null,
        paidAt: now,
        updatedAt: now,
      });
      await this.deps.queue.send(provisionProductJob, { id: row.id }, tx);
      if (paid) await queueReceipt(tx, this.deps, paid, 'purchase-receipt', now);
      return paid;
    });
  }

  /**
   * Gives back what a purchase that never served was paid: one that failed (the MVNE refused it,
   * or its job gave up) or ended (its line ended) before the MVNE had it. The row stays paid until
   * the gateway has refunded it (the key makes it once), so the job's retry or the sweep finishes
   * it; the refund is recorded, and its receipt queued, once.
   */
  async refund(id: string) {
    const row = await repo.byId(this.db, id);
    if (!row || !unserved(row) || !row.chargeId) return;
    await this.deps.cardCharges.refund(row.chargeId, row.priceCents, `product:${row.id}:refund`);
    await this.deps.database.transaction(async (tx) => {
      const now = this.deps.clock.now();
      const refunded = await repo.markRefunded(tx.db, row.id, now);
      if (refunded) await queueReceipt(tx, this.deps, refunded, 'purchase-refund', now);
    });
  }

  /**
   * Job: the provisioning of a purchase used all its retries (pg-boss's dead letter). A paid one
   * the MVNE never took fails, then is refunded; one set up meanwhile is left as it is.
   */
  async giveUp(id: string) {
    await this.deps.database.transaction(async (tx) => {
      const row = await repo.lock(tx.db, id);
      if (row?.state !== 'pending' || row.mvneProductId || row.paymentState !== 'paid') return;
      await repo.update(tx.db, id, { state: 'failed', updatedAt: this.deps.clock.now() });
    });
    try {
      await this.refund(id);
    } catch {
      // pg-boss retries a dead letter without a pause: the minute's sweep refunds it instead.
    }
  }

  /**
   * Job: purchases whose charge had no answer are asked for again, and paid purchases that never
   * served are refunded (their job may have ended, or the gateway was down); how many charges were
   * settled.
   */
  async reconcile(): Promise<number> {
    const now = this.deps.clock.now().getTime();
    let settled = 0;
    for (const id of await repo.charging(this.db, new Date(now - CHARGE_SETTLE_AFTER_MS))) {
      const row = await this.pay(id);
      if (row?.paymentState !== 'charging') settled++;
    }
    for (const id of await repo.unserved(this.db, new Date(now - REFUND_SWEEP_AFTER_MS))) {
      try {
        await this.refund(id);
      } catch {
        // The gateway is down: the next minute's sweep tries again, and the others go on now.
      }
    }
    return settled;
  }

  /**
   * Job: brings the MVNE in line with the product. A pending product that is paid (or monthly) is
   * added, to its end for a one-time one, and becomes active; a booked removal is sent with its day.
   * The MVNE refusing an add (the line ended meanwhile) fails the product: a monthly one is never
   * charged, a paid one-time one is refunded.
   */
  async provision(id: string) {
    const row = await repo.byId(this.db, id);
    if (!row) return;
    const services = await repo.serviceIds(this.db, row.lineIds);
    const serviceIds = row.lineIds.map((l) => services.get(l)).filter((s): s is string => !!s);
    const payable = row.recurrence === 'monthly' || row.paymentState === 'paid';
    if (row.state === 'pending' && !row.mvneProductId && payable) {
      const now = this.deps.clock.now();
      // A one-time product's days count from when it serves, not from when it was paid; a retry
      // asks with the end the first try named, so the MVNE sees one order.
      const validity = (await this.deps.catalog.product(row.productCode))?.validityDays ?? undefined;
      const endsAt = row.recurrence === 'once' ? (row.endsAt ?? oneTimeEnd(now, validity)) : null;
      if (endsAt && !row.endsAt) await repo.update(this.db, row.id, { endsAt });
      try {
        const product = await this.deps.mvne.orders.orderProductChange(`${row.id}:add`, row.userId, {
          action: 'add',
          offering: row.productCode,
          serviceIds,
          // A roaming pack bought to start on a later day serves from that day (ADR 0041).
          startDate: row.startsAt && row.startsAt > now ? row.startsAt : now,
          terminationDate: endsAt,
        });
        const startsAt = new Date(product.startDate);
        // Only a product still pending: one whose line ended while the MVNE answered stays ended,
        // never served, and its payment is given back.
        await repo.activate(this.db, row.id, {
          mvneProductId: product.id,
          startsAt,
          // A monthly product bought here is billed from the day it serves.
          ...(row.source === 'portal' && row.recurrence === 'monthly'
            ? { billedFrom: sgDate(startsAt) }
            : {}),
          linesSentAt: now,
          updatedAt: now,
        });
      } catch (err) {
        if (!(err instanceof MvneRejectedError)) throw err;
        // Failed, still paid: the refund below is owed, and a retry of this job gives it.
        await repo.update(this.db, row.id, { state: 'failed', updatedAt: now });
        await this.refund(row.id);
      }
      return;
    }
    // Ended with its line, or failed, before the MVNE had it: what was paid goes back.
    if (unserved(row)) {
      await this.refund(row.id);
      return;
    }
    if (row.state === 'active' && row.mvneProductId && !row.linesSentAt) {
      const now = this.deps.clock.now();
      try {
        await this.deps.mvne.orders.orderProductChange(
          `${row.id}:lines:${row.changedAt.getTime()}`,
          row.userId,
          {
            action: 'modify',
            productId: row.mvneProductId,
            serviceIds,
          },
        );
      } catch (err) {
        // Refused as it stands (a line no longer live there): retrying would not change the answer.
        if (!(err instanceof MvneRejectedError)) throw err;
      }
      // Only the change this job sent: a newer one made meanwhile has its own job to send it.
      await repo.markLinesSent(this.db, row.id, row.changedAt, now);
      return;
    }
    if (row.state === 'ending' && row.mvneProductId && !row.removalSentAt) {
      try {
        await this.deps.mvne.orders.orderProductChange(`${row.id}:delete`, row.userId, {
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
}
