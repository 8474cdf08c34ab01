import { z } from 'zod';
import { defineJob, oneMvneCall } from '../../jobs/queue.ts';

/**
 * Hands a paid (or, for a roadshow, card-secured) order to the MVNE. Retried with backoff while the
 * MVNE is unreachable: 2 s, 4 s, 8 s, ... for about a day and a half before it needs staff. Checkout
 * enqueues it with the payment; fulfilment does the hand-over.
 */
export const createInMvneJob = defineJob({
  name: 'orders.create-in-mvne',
  payload: z.object({ orderId: z.uuid() }),
  retryLimit: 16,
  retryDelaySeconds: 2,
  expireInSeconds: oneMvneCall,
});

export const orderJobs = [createInMvneJob];
