import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';

/** How long one bill run job goes on before it hands the rest to a new job. */
export const BILL_RUN_MS = 5 * 60_000;

/**
 * The monthly bill run (ADR 0023): tried every ten minutes and when a worker starts; it does
 * something only when the month just ended (Singapore time, on the clock) has no finished run.
 */
export const billRunJob = defineJob({
  name: 'billing.run',
  payload: z.object({}),
  retryLimit: 8,
  retryDelaySeconds: 30,
  expireInSeconds: BILL_RUN_MS / 1000 + 120,
});

/** Emails new bills to their accounts, a page at a time. */
export const sendBillsJob = defineJob({
  name: 'billing.send-bills',
  payload: z.object({}),
  retryLimit: 8,
  retryDelaySeconds: 10,
  expireInSeconds: 300,
});

/** Settles card payments of bills the gateway did not answer for. */
export const reconcileBillPaymentsJob = defineJob({
  name: 'billing.reconcile-payments',
  payload: z.object({}),
  retryLimit: 4,
  retryDelaySeconds: 30,
  expireInSeconds: 600,
});

/**
 * Reads the bank's statement from where the last read ended (ADR 0033): every minute and when a
 * worker starts. A failed read is tried again by the next minute's.
 */
export const reconcileBankJob = defineJob({
  name: 'billing.reconcile-bank',
  payload: z.object({}),
  retryLimit: 0,
  expireInSeconds: 600,
});

/** Reads the card gateway's list of charges on from the last one judged (ADR 0033). */
export const reconcileGatewayJob = defineJob({
  name: 'billing.reconcile-gateway',
  payload: z.object({}),
  retryLimit: 0,
  expireInSeconds: 600,
});

/**
 * The automated card deduction and the overdue fee (ADR 0023): every hour, so that the 25th and the
 * retry days are taken up early on the day, and when a worker starts.
 */
export const deductJob = defineJob({
  name: 'billing.deduct',
  payload: z.object({}),
  retryLimit: 8,
  retryDelaySeconds: 60,
  // A page of 500 bills, each one gateway call of at most 10 s, and room.
  expireInSeconds: 1800,
});

export const billingJobs = [
  billRunJob,
  sendBillsJob,
  reconcileBillPaymentsJob,
  reconcileBankJob,
  reconcileGatewayJob,
  deductJob,
];
