import { z } from 'zod';
import { defineJob, hourlySweepRetries, mvneCallRetries } from '../../jobs/queue.ts';

/** Has the MVNE release an eSIM profile for a line (the first, or a re-issue), then emails it. */
export const issueEsimJob = defineJob({
  name: 'lines.issue-esim',
  payload: z.object({ profileId: z.uuid() }),
  ...mvneCallRetries,
});

/** Disables a replaced eSIM profile in the MVNE, so only one profile of a line works at a time. */
export const disableEsimJob = defineJob({
  name: 'lines.disable-esim',
  payload: z.object({ profileId: z.uuid() }),
  ...mvneCallRetries,
});

/** Moves a live line onto its newest eSIM profile in the MVNE (a re-issue is a SIM swap). */
export const swapEsimJob = defineJob({
  name: 'lines.swap-esim',
  payload: z.object({ profileId: z.uuid() }),
  ...mvneCallRetries,
});

/** Hands a submitted port-in to the MVNE for its porting window. */
export const submitPortJob = defineJob({
  name: 'lines.submit-port',
  payload: z.object({ portRequestId: z.uuid(), externalId: z.string() }),
  ...mvneCallRetries,
});

/** Reads a port's outcome from the MVNE after its window, in case the event never arrives. */
export const checkPortJob = defineJob({
  name: 'lines.check-port',
  payload: z.object({ portRequestId: z.uuid(), attempt: z.number().int().min(0) }),
  ...mvneCallRetries,
});

/** Daily: orders not activated within 14 days accrue the admin fee for the first bill. */
export const adminFeeJob = defineJob({
  name: 'lines.admin-fee',
  payload: z.object({}),
  retryLimit: 4,
  retryDelaySeconds: 60,
  // A batch over every waiting order: minutes, not seconds, on a big book.
  expireInSeconds: 30 * 60,
});

/**
 * Asks the MVNE to activate one line, when its SIM or eSIM profile is ready; fulfilment does the asking.
 * Retried with backoff through an MVNE outage (about a day and a half).
 */
export const activateLineJob = defineJob({
  name: 'fulfilment.activate-line',
  payload: z.object({ subscriptionId: z.uuid() }),
  ...mvneCallRetries,
});

/**
 * Tells the MVNE a line's state (suspended or active) and its international barring as they are
 * when it runs (ADR 0025); retried with backoff through an MVNE outage.
 */
export const sendLineServicesJob = defineJob({
  name: 'lines.send-services',
  payload: z.object({ lineId: z.uuid() }),
  ...mvneCallRetries,
});

/**
 * Has the MVNE move a line onto the new number its customer confirmed (ADR 0028); retried with
 * backoff through an MVNE outage, the change staying pending until then.
 */
export const changeNumberJob = defineJob({
  name: 'lines.change-number',
  payload: z.object({ changeId: z.uuid() }),
  ...mvneCallRetries,
});

/** Hourly: line changes and ends the network has not taken ten minutes on are handed to their job again. */
export const retryLineServicesJob = defineJob({
  name: 'lines.retry-services',
  payload: z.object({}),
  ...hourlySweepRetries,
});

/** Hourly: number changes the network has not made ten minutes on are handed to their job again. */
export const retryNumberChangesJob = defineJob({
  name: 'lines.retry-number-changes',
  payload: z.object({}),
  ...hourlySweepRetries,
});

/** Hourly, and when a worker starts: ends the lines whose termination day has come (ADR 0027). */
export const applyTerminationsJob = defineJob({
  name: 'lines.apply-terminations',
  payload: z.object({}),
  retryLimit: 8,
  retryDelaySeconds: 30,
  expireInSeconds: 15 * 60,
});

/**
 * Blocks a lost SIM at the MVNE and, for an eSIM line, has its new profile released and the line
 * moved onto it (ADR 0029); reads the replacement as it is when it runs, so a retry never does a
 * step twice. Retried with backoff through an MVNE outage, the replacement showing as pending.
 */
export const sendLostSimJob = defineJob({
  name: 'lines.send-lost-sim',
  payload: z.object({ replacementId: z.uuid() }),
  ...mvneCallRetries,
});

/**
 * Moves a line onto the replacement SIM staff activated (a SIM swap at the MVNE), once its lost SIM
 * is blocked; fulfilment, which keeps the SIM stock, does the asking.
 */
export const swapReplacementSimJob = defineJob({
  name: 'fulfilment.swap-replacement-sim',
  payload: z.object({ replacementId: z.uuid() }),
  ...mvneCallRetries,
});

/** Hourly: replacements the network has not caught up with ten minutes on are handed to their job again. */
export const retryLostSimsJob = defineJob({
  name: 'lines.retry-lost-sims',
  payload: z.object({}),
  ...hourlySweepRetries,
});

export const linesJobs = [
  sendLostSimJob,
  swapReplacementSimJob,
  retryLostSimsJob,
  sendLineServicesJob,
  retryLineServicesJob,
  changeNumberJob,
  retryNumberChangesJob,
  applyTerminationsJob,
  issueEsimJob,
  disableEsimJob,
  swapEsimJob,
  submitPortJob,
  checkPortJob,
  adminFeeJob,
  activateLineJob,
];
