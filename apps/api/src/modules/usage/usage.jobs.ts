import { z } from 'zod';
import { defineJob, mvneCallRetries } from '../../jobs/queue.ts';

/** How long one run of the import may go on before it hands the rest to a new job. */
export const IMPORT_RUN_MS = 60_000;

/**
 * Imports the MVNE's new usage records (ADR 0022): every minute, and again at once while a run
 * leaves records waiting. The cursor moves with each stored page, so a retry resumes where it stopped.
 */
export const importUsageJob = defineJob({
  name: 'usage.import',
  payload: z.object({}),
  retryLimit: 8,
  retryDelaySeconds: 5,
  // A run stops taking pages after a minute; the page in hand, and room, on top.
  expireInSeconds: (limits) => IMPORT_RUN_MS / 1000 + limits.mvneTimeoutMs / 1000 + 60,
});

/** Tells the MVNE a line's data rollover and stop-at-100% options, as last saved. */
export const sendUsageOptionsJob = defineJob({
  name: 'usage.send-options',
  payload: z.object({ lineId: z.uuid() }),
  ...mvneCallRetries,
});

/** Reads these lines' buckets and sends the 80% and 100% data alerts they have newly passed. */
export const checkUsageAlertsJob = defineJob({
  name: 'usage.check-alerts',
  payload: z.object({ lineIds: z.array(z.uuid()).min(1).max(200) }),
  retryLimit: 16,
  retryDelaySeconds: 5,
  expireInSeconds: (limits) => limits.mvneTimeoutMs / 1000 + 60,
});

/** Lines per alert check: as many as one MVNE balance query takes. */
export const ALERT_BATCH = 200;

export const usageJobs = [importUsageJob, sendUsageOptionsJob, checkUsageAlertsJob];
