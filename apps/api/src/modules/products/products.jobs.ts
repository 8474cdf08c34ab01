import { z } from 'zod';
import { defineJob, mvneCallRetries, oneMvneCall } from '../../jobs/queue.ts';

/**
 * A provisioning job that used all its retries (pg-boss's dead letter of `products.provision`): a
 * paid purchase that never reached the MVNE fails and is refunded. pg-boss copies the job without
 * its delay, so the handler fails the product first (our database only) and the minute's sweep of
 * `products.settle-purchases` finishes a refund the gateway could not take here.
 */
export const provisionGaveUpJob = defineJob({
  name: 'products.provision-gave-up',
  payload: z.object({ id: z.uuid() }),
  retryLimit: 4,
  retryDelaySeconds: 30,
  expireInSeconds: 120,
});

/**
 * Tells the MVNE what a line product needs now (ADR 0024): add it when it is pending, end it when its
 * removal is booked. Each step is an order whose id names the product and the step, so a retry, or
 * a job run twice, changes nothing at the MVNE; the MVNE being down only delays it.
 */
export const provisionProductJob = defineJob({
  name: 'products.provision',
  payload: z.object({ id: z.uuid() }),
  retryLimit: 30,
  retryDelaySeconds: 5,
  expireInSeconds: oneMvneCall,
  deadLetter: provisionGaveUpJob.name,
});

/**
 * Every minute: asks the gateway again about one-time purchases whose charge had no answer, and
 * refunds paid ones that ended or failed before the MVNE had them.
 */
export const settlePurchasesJob = defineJob({
  name: 'products.settle-purchases',
  payload: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 300,
});

/** Applies the plan changes due (the 7th, 15th, 21st or the working day after): hourly, and at start. */
export const applyPlanChangesJob = defineJob({
  name: 'products.apply-plan-changes',
  payload: z.object({}),
  retryLimit: 16,
  retryDelaySeconds: 30,
  expireInSeconds: 600,
});

/** Tells the MVNE a line's roaming (on or off, and the cap) as last saved. */
export const sendRoamingJob = defineJob({
  name: 'products.send-roaming',
  payload: z.object({ lineId: z.uuid() }),
  ...mvneCallRetries,
});

/** Sends the roaming cap's 80% and 100% notices due, every ten minutes. */
export const checkRoamingCapsJob = defineJob({
  name: 'products.check-roaming-caps',
  payload: z.object({}),
  retryLimit: 4,
  retryDelaySeconds: 30,
  expireInSeconds: 300,
});

// The dead letter's queue before the queue that names it.
export const productsJobs = [
  provisionGaveUpJob,
  provisionProductJob,
  settlePurchasesJob,
  applyPlanChangesJob,
  sendRoamingJob,
  checkRoamingCapsJob,
];
