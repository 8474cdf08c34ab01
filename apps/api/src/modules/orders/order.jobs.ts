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

export const orderJobs = [createInMvneJob];
