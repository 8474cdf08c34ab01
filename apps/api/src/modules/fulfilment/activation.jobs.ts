import { z } from 'zod';
import { defineJob, mvneCallRetries } from '../../jobs/queue.ts';

/** Reads an activation's state from the MVNE, in case its event never arrives. */
export const checkActivationJob = defineJob({
  name: 'fulfilment.check-activation',
  payload: z.object({ subscriptionId: z.uuid(), attempt: z.number().int().min(0) }),
  ...mvneCallRetries,
});
