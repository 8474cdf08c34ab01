import { z } from 'zod';
import { defineJob, type Queue } from '../../jobs/queue.ts';
import type { DocumentsService } from './documents.service.ts';

/** Daily: uploads no draft or order needs are removed once a day old. */
export const removeUnusedDocumentsJob = defineJob({
  name: 'documents.remove-unused',
  payload: z.object({}),
  retryLimit: 4,
  retryDelaySeconds: 60,
  // A batch over every stale upload.
  expireInSeconds: 30 * 60,
});

export const documentsJobs = [removeUnusedDocumentsJob];

export async function registerDocumentsWorkers(queue: Queue, deps: { documents: DocumentsService }) {
  await queue.work(removeUnusedDocumentsJob, async () => {
    await deps.documents.removeUnused();
  });
  // Every day at 03:30 Singapore time, after the 02:00 admin-fee run.
  await queue.boss.schedule(removeUnusedDocumentsJob.name, '30 3 * * *', {}, { tz: 'Asia/Singapore' });
}
