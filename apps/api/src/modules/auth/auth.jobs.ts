import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';

/**
 * Work a request may or may not have an account to do for. The request only enqueues it, the same
 * for any address or number, so neither its answer nor its time tells whether the account exists
 * (ADR 0018); the job looks the account up and sends, or does nothing. A few queries and an enqueue:
 * a job a crashed worker held is handed out again after 30 s, as the messages it makes are.
 */
const signInJobPolicy = { retryLimit: 10, retryDelaySeconds: 2, expireInSeconds: 30 } as const;

/** A password reset link for `email`, if it has an account. `token` is made by the request. */
export const sendResetJob = defineJob({
  name: 'auth.send-reset',
  payload: z.object({ email: z.string(), token: z.string() }),
  ...signInJobPolicy,
});

/**
 * A login code for `phoneNumber`, by SMS or email, if the number has an account (and, for email, an
 * address). The code, its keyed hash and its expiry are fixed by the request.
 */
export const sendLoginCodeJob = defineJob({
  name: 'auth.send-login-code',
  payload: z.object({
    phoneNumber: z.string(),
    method: z.number().int(),
    code: z.string(),
    codeHash: z.string(),
    requestedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  }),
  ...signInJobPolicy,
});

/** Someone registered with an email or mobile number that has an account: tell its owner. */
export const registrationNoticeJob = defineJob({
  name: 'auth.registration-notice',
  payload: z.object({ email: z.string(), phoneNumber: z.string() }),
  ...signInJobPolicy,
});

/**
 * The confirmation link of a new account. Registration only enqueues it, as it enqueues the notice
 * for a taken address, so a new address costs the request no more than a taken one; `token` is made
 * by the request, so a retry sends the same link.
 */
export const sendConfirmationJob = defineJob({
  name: 'auth.send-confirmation',
  payload: z.object({ userId: z.uuid(), token: z.string() }),
  ...signInJobPolicy,
});

/**
 * Daily: the throttle's events older than its longest window (a day) go. They count nothing any
 * more, and their keys name addresses, numbers and IP addresses.
 */
export const pruneThrottleJob = defineJob({
  name: 'auth.prune-throttle',
  payload: z.object({}),
  retryLimit: 4,
  retryDelaySeconds: 60,
  expireInSeconds: 15 * 60,
});

export const authJobs = [
  sendResetJob,
  sendLoginCodeJob,
  registrationNoticeJob,
  sendConfirmationJob,
  pruneThrottleJob,
];
