import type { Queue } from '../../jobs/queue.ts';
import type { UsageAlerts } from './usage.alerts.ts';
import type { UsageImport } from './usage.import.ts';
import {
  ALERT_BATCH,
  checkUsageAlertsJob,
  IMPORT_RUN_MS,
  importUsageJob,
  sendUsageOptionsJob,
} from './usage.jobs.ts';
import type { UsageService } from './usage.service.ts';

export async function registerUsageWorkers(
  queue: Queue,
  deps: { usage: UsageService; usageImport: UsageImport; usageAlerts: UsageAlerts },
) {
  await queue.work(importUsageJob, async () => {
    const { more, lines } = await deps.usageImport.importRecords(Date.now() + IMPORT_RUN_MS);
    // The lines with new use have their alerts checked: a lost check is redone by the next import
    // only if the line uses more, so these go out as jobs of their own.
    for (let i = 0; i < lines.length; i += ALERT_BATCH)
      await queue.send(checkUsageAlertsJob, { lineIds: lines.slice(i, i + ALERT_BATCH) });
    if (more) await queue.send(importUsageJob, {});
  });
  await queue.work(sendUsageOptionsJob, ({ lineId }) => deps.usage.sendOptions(lineId));
  await queue.work(checkUsageAlertsJob, ({ lineIds }) => deps.usageAlerts.check(lineIds));
  // Every minute: new records are at most a minute late on the dashboards. And once now, so that a
  // worker that starts catches up at once rather than at the next minute.
  await queue.boss.schedule(importUsageJob.name, '* * * * *', {}, { tz: 'Asia/Singapore' });
  await queue.send(importUsageJob, {});
}
