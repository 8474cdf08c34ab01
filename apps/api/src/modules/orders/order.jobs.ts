import { z } from 'zod';
import { defineJob, mvneCallRetries } from '../../jobs/queue.ts';

/**
 * Hands a paid (or, for a roadshow, card-secured) order to the MVNE. Retried with backoff while the
 * MVNE is unreachable: 2 s, 4 s, 8 s, ... for about a day and a half before it needs staff. Checkout
 * enqueues it with the payment; fulfilment does the hand-over.
 */
export const createInMvneJob = defineJob({
  name: 'orders.create-in-mvne',
  payload: z.object({ orderId: z.uuid() }),
  ...mvneCallRetries,
});

/**
 * Closes orders left unpaid past their payment window as 'Unsuccessful payment' and gives back what
 * they held (ADR 0037). Every five minutes, like the reconciler that settles or voids the attempts
 * such an order waits on.
 */
export const closeUnpaidOrdersJob = defineJob({
  name: 'orders.close-unpaid',
  payload: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 30,
  // A transaction per order and at most one MVNE call each; the next run comes five minutes later.
  expireInSeconds: 10 * 60,
});

export const orderJobs = [createInMvneJob, closeUnpaidOrdersJob];
