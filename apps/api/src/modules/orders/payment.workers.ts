import { formatMoney } from '@selfcare/domain';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { PaymentsClient } from '../../integrations/payments.ts';
import type { Queue } from '../../jobs/queue.ts';
import { closeUnpaidOrdersJob } from './order.jobs.ts';
import { orderRepository } from './order.repository.ts';
import { reconcilePaymentsJob, refundJob } from './payment.jobs.ts';
import type { PaymentService } from './payment.service.ts';
import type { UnpaidOrders } from './unpaid-orders.ts';

export async function registerPaymentWorkers(
  queue: Queue,
  deps: {
    database: Database;
    payments: PaymentsClient;
    clock: Clock;
    checkout: PaymentService;
    unpaidOrders: UnpaidOrders;
  },
) {
  const { db } = deps.database;
  await queue.work(refundJob, async ({ refundId }) => {
    const row = await orderRepository.refundWithCharge(db, refundId);
    if (row?.refund.status !== 'pending' || !row.chargeId) return;
    const result = await deps.payments.refund(row.chargeId, row.refund.amountCents, row.refund.id);
    await deps.database.transaction(async (tx) => {
      const now = deps.clock.now();
      if (await orderRepository.markRefundSucceeded(tx.db, refundId, result.id, now))
        await orderRepository.addEvent(
          tx.db,
          row.refund.orderId,
          now,
          'refunded',
          formatMoney(row.refund.amountCents),
        );
    });
  });
  await queue.work(reconcilePaymentsJob, async () => {
    await deps.checkout.reconcile();
  });
  // Every five minutes: a payment left pending is settled within minutes of the gateway knowing.
  await queue.boss.schedule(reconcilePaymentsJob.name, '*/5 * * * *', {}, { tz: 'Asia/Singapore' });
  await queue.work(closeUnpaidOrdersJob, async () => {
    await deps.unpaidOrders.closeExpired();
  });
  // Every five minutes: an order closes within minutes of its payment window passing (ADR 0037).
  await queue.boss.schedule(closeUnpaidOrdersJob.name, '*/5 * * * *', {}, { tz: 'Asia/Singapore' });
}
