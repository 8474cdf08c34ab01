import { formatMoney } from '@selfcare/domain';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { paymentAttempts, refunds } from '../../db/schema.ts';
import type { PaymentsClient } from '../../integrations/payments.ts';
import { defineJob, type Queue } from '../../jobs/queue.ts';
import { orderRepository } from '../orders/order.repository.ts';
import { activateLineJob, checkActivationJob } from './activation.jobs.ts';
import type { ActivationService } from './activation.service.ts';

/**
 * Gives a rejected or cancelled order's money back. The refund row's id is the gateway's
 * idempotency key, so however often this runs (retries, a crash between the call and the update),
 * the customer is refunded once.
 */
export const refundJob = defineJob({
  name: 'fulfilment.refund',
  payload: z.object({ refundId: z.uuid() }),
  retryLimit: 16,
  retryDelaySeconds: 2,
});

export const fulfilmentJobs = [refundJob, activateLineJob, checkActivationJob];

export async function registerFulfilmentWorkers(
  queue: Queue,
  deps: { database: Database; payments: PaymentsClient; clock: Clock; activation: ActivationService },
) {
  const { db } = deps.database;
  await queue.work(activateLineJob, ({ subscriptionId }) => deps.activation.startLine(subscriptionId));
  await queue.work(checkActivationJob, ({ subscriptionId, attempt }) =>
    deps.activation.checkLine(subscriptionId, attempt),
  );
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
}
