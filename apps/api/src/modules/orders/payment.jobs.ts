import { formatMoney } from '@selfcare/domain';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { paymentAttempts, refunds } from '../../db/schema.ts';
import type { PaymentsClient } from '../../integrations/payments.ts';
import { defineJob, type Queue } from '../../jobs/queue.ts';
import type { CheckoutService } from './checkout.service.ts';
import { orderRepository } from './order.repository.ts';

/**
 * Gives money back: a rejected or cancelled order's, or a charge that came in for an order already
 * paid. The refund row's id is the gateway's idempotency key, so however often this runs (retries,
 * a crash between the call and the update), the customer is refunded once.
 */
export const refundJob = defineJob({
  name: 'fulfilment.refund',
  payload: z.object({ refundId: z.uuid() }),
  retryLimit: 16,
  retryDelaySeconds: 2,
  // One gateway call (10 s timeout) and a transaction.
  expireInSeconds: 60,
});

/**
 * Settles payment attempts a customer left at the gateway (closed the tab, lost the connection)
 * and whose webhook never came, by asking the gateway.
 */
export const reconcilePaymentsJob = defineJob({
  name: 'orders.reconcile-payments',
  payload: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 30,
  // Up to 100 attempts, one gateway call each; the next run comes five minutes later anyway.
  expireInSeconds: 10 * 60,
});

export const paymentJobs = [refundJob, reconcilePaymentsJob];

export async function registerPaymentWorkers(
  queue: Queue,
  deps: { database: Database; payments: PaymentsClient; clock: Clock; checkout: CheckoutService },
) {
  const { db } = deps.database;
  await queue.work(refundJob, async ({ refundId }) => {
    const [row] = await db
      .select({ refund: refunds, chargeId: paymentAttempts.gatewayChargeId })
      .from(refunds)
      .innerJoin(paymentAttempts, eq(paymentAttempts.id, refunds.attemptId))
      .where(eq(refunds.id, refundId));
    if (row?.refund.status !== 'pending' || !row.chargeId) return;
    const result = await deps.payments.refund(row.chargeId, row.refund.amountCents, row.refund.id);
    await deps.database.transaction(async (tx) => {
      const now = deps.clock.now();
      const moved = await tx.db
        .update(refunds)
        .set({ status: 'succeeded', gatewayRefundId: result.id, updatedAt: now })
        .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')))
        .returning({ id: refunds.id });
      if (moved.length === 1)
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
}
