import { z } from 'zod';
import { defineJob, type Queue } from '../../jobs/queue.ts';
import type { AccountDeletion } from './account-deletion.ts';

/** Daily: what closed accounts kept for the tax years goes once those years are over (ADR 0030). */
export const forgetTaxRecordsJob = defineJob({
  name: 'users.forget-tax-records',
  payload: z.object({}),
  retryLimit: 4,
  retryDelaySeconds: 60,
  // One statement over every closed account's charges.
  expireInSeconds: 30 * 60,
});

export const usersJobs = [forgetTaxRecordsJob];

export async function registerUsersWorkers(queue: Queue, deps: { accountDeletion: AccountDeletion }) {
  await queue.work(forgetTaxRecordsJob, async () => {
    await deps.accountDeletion.forgetTaxRecords();
  });
  // Every day at 04:30 Singapore time, after the night's other clean-ups.
  await queue.boss.schedule(forgetTaxRecordsJob.name, '30 4 * * *', {}, { tz: 'Asia/Singapore' });
}
