import type { Queue } from '../../jobs/queue.ts';
import { IMPORT_RUN_MS, importUsageJob, sendUsageOptionsJob } from './usage.jobs.ts';
import type { UsageService } from './usage.service.ts';

export async function registerUsageWorkers(queue: Queue, deps: { usage: UsageService }) {
  await queue.work(importUsageJob, async () => {
    const { more } = await deps.usage.importRecords(Date.now() + IMPORT_RUN_MS);
    if (more) await queue.send(importUsageJob, {});
  });
  await queue.work(sendUsageOptionsJob, ({ lineId }) => deps.usage.sendOptions(lineId));
  // Every minute: new records are at most a minute late on the dashboards. And once now, so that a
  // worker that starts catches up at once rather than at the next minute.
  await queue.boss.schedule(importUsageJob.name, '* * * * *', {}, { tz: 'Asia/Singapore' });
  await queue.send(importUsageJob, {});
}
