import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';

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
