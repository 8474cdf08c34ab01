import type { TypeSim } from '@selfcare/domain';
import { nextOrderStatus, OrderAction, verifiedWithoutReview } from '@selfcare/domain/fulfilment';
import { NETWORKS } from '@selfcare/domain/order';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { type MvneClient, MvneRejectedError } from '../../integrations/mvne.ts';
import type { Queue } from '../../jobs/queue.ts';
import { createInMvneJob, orderRecords } from '../orders/index.ts';
import type { ActivationService } from './activation.service.ts';
import { fulfilmentRepository } from './fulfilment.repository.ts';

/**
 * Hands a paid (or, for a roadshow, card-secured) order to the MVNE, once per order however often the
 * job runs, and verifies it at once when MyInfo verified the customer's identity.
 */
export async function registerHandOverWorker(
  queue: Queue,
  deps: { database: Database; mvne: Pick<MvneClient, 'orders'>; clock: Clock; activation: ActivationService },
) {
  const { db } = deps.database;
  await queue.work(createInMvneJob, async ({ orderId }) => {
    const order = await orderRecords.find(db, orderId);
    // Idempotent: an order already in the MVNE (a retry after a lost answer) is left alone.
    if (!order || order.mvneOrderId) return;
    const lines = await orderRecords.lines(db, orderId);
    let mvneOrder: { id: string };
    try {
      // Our order id is the MVNE's idempotency key: a repeat returns the order created the first time.
      mvneOrder = await deps.mvne.orders.createOrder({
        externalId: order.id,
        customerRef: order.userId,
        reservationId: order.mvneReservationId,
        lines: lines.map((l) => ({
          id: String(l.position + 1),
          planCode: l.planCode,
          msisdn: l.msisdn,
          simType: order.typeSim === 1 ? 'eSIM' : 'physical',
          portInDonor: l.numberType === 'RETAIN' ? (NETWORKS[l.donorNetwork ?? -1] ?? 'unknown') : null,
        })),
      });
    } catch (err) {
      if (err instanceof MvneRejectedError) {
        // Retrying cannot help: staff see why on the order's timeline and sort it out with the MVNE.
        await orderRecords.addEvent(db, orderId, deps.clock.now(), 'mvne-refused', err.message);
        return;
      }
      throw err;
    }
    await deps.database.transaction(async (tx) => {
      const now = deps.clock.now();
      // Read again under a lock: staff may have acted on the order while the MVNE answered.
      const current = (await fulfilmentRepository.lockOrder(tx.db, orderId)) ?? order;
      const typeSim = current.typeSim as TypeSim;
      let status = nextOrderStatus(current.status, OrderAction.HandedToMvne, typeSim);
      const profile = current.profile as { myinfoVerified?: string[] };
      const selfVerified =
        status !== null && verifiedWithoutReview({ typeSim, myinfoVerified: profile.myinfoVerified });
      if (status && selfVerified) status = nextOrderStatus(status, OrderAction.Verify, typeSim);
      await orderRecords.recordMvneOrder(tx.db, orderId, mvneOrder.id, status, now);
      await orderRecords.addEvent(tx.db, orderId, now, 'mvne-created', mvneOrder.id);
      if (selfVerified) await deps.activation.verifyWithoutReview(tx, current, now);
    });
  });
}
