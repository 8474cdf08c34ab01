import { PAYMENT_WINDOW_MINUTES, type TypeSim } from '@selfcare/domain';
import { nextOrderStatus, OrderAction } from '@selfcare/domain/fulfilment';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { MvneClient } from '../../integrations/mvne.ts';
import type { CatalogService } from '../catalog/index.ts';
import { draftRepository } from './draft.repository.ts';
import { orderRepository as repo } from './order.repository.ts';

export interface UnpaidOrdersDeps {
  database: Database;
  clock: Clock;
  catalog: Pick<CatalogService, 'release'>;
  mvne: { numbers: Pick<MvneClient['numbers'], 'cancelReservation'> };
}

/** Orders closed per read; a run reads on until none is left. */
const BATCH = 100;

/**
 * Orders left unpaid ('Unpaid' or 'Payment failed') past their payment window, PAYMENT_WINDOW_MINUTES
 * after their last checkout or declined payment, with no payment on its way: each is closed as
 * 'Unsuccessful payment' and gives back what it held (ADR 0037). The customer's draft stays, so
 * ordering again is checking it and paying; that checkout makes a new order.
 */
export class UnpaidOrders {
  constructor(private readonly deps: UnpaidOrdersDeps) {}

  /** Job: closes every order whose window has passed; answers how many it closed. */
  async closeExpired(): Promise<number> {
    const { db } = this.deps.database;
    const before = new Date(this.deps.clock.now().getTime() - PAYMENT_WINDOW_MINUTES * 60_000);
    let closed = 0;
    for (;;) {
      const due = await repo.unpaidSince(db, before, BATCH);
      let now = 0;
      for (const order of due) if (await this.close(order.id, order.userId, before)) now++;
      closed += now;
      // Fewer than a batch: that was the last. None closed: the rest changed meanwhile (a checkout).
      if (due.length < BATCH || now === 0) return closed;
    }
  }

  /**
   * Closes one order, checked again under the customer's lock (checkouts take it too, so none can
   * start this order again meanwhile) and the order's: still unpaid, untouched since `before`, and
   * nothing pending at the gateway. The promotion code's use goes back in the same transaction; the
   * number hold, when the customer's draft still has it from this order, is let go of in the draft
   * with it and then at the MVNE (if the MVNE cannot be told now, the hold simply runs out there).
   */
  private async close(orderId: string, userId: string, before: Date): Promise<boolean> {
    const done = await this.deps.database.transaction(async (tx) => {
      await repo.lockUser(tx.db, userId);
      const order = await repo.lockOrder(tx.db, orderId);
      if (!order || order.updatedAt >= before) return null;
      const status = nextOrderStatus(order.status, OrderAction.PaymentWindowPassed, order.typeSim as TypeSim);
      if (!status || (await repo.hasPendingAttempt(tx.db, order.id))) return null;
      const now = this.deps.clock.now();
      await repo.updateOrder(tx.db, order.id, { status, updatedAt: now });
      await repo.addEvent(tx.db, order.id, now, OrderAction.PaymentWindowPassed);
      if (order.promotionCode) await this.deps.catalog.release(tx.db, order.promotionCode);
      const draft = await draftRepository.find(tx.db, userId);
      const held = order.mvneReservationId;
      const release = held !== null && draft?.mvneReservationId === held;
      if (release)
        await draftRepository.save(tx.db, userId, {
          mvneReservationId: null,
          reservedNumbers: [],
          reservedUntil: null,
          updatedAt: now,
        });
      return { release: release ? held : null };
    });
    if (!done) return false;
    if (done.release) await this.deps.mvne.numbers.cancelReservation(done.release).catch(() => undefined);
    return true;
  }
}
