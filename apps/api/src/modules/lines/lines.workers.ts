import type { Queue } from '../../jobs/queue.ts';
import type { EsimService } from './esim.service.ts';
import type { LineServices } from './line-services.ts';
import {
  adminFeeJob,
  checkPortJob,
  disableEsimJob,
  issueEsimJob,
  sendLineServicesJob,
  submitPortJob,
  swapEsimJob,
} from './lines.jobs.ts';
import type { LinesService } from './lines.service.ts';
import type { PortingService } from './porting.service.ts';

export async function registerLinesWorkers(
  queue: Queue,
  deps: { esim: EsimService; porting: PortingService; lines: LinesService; lineServices: LineServices },
) {
  await queue.work(issueEsimJob, ({ profileId }) => deps.esim.issue(profileId));
  await queue.work(disableEsimJob, ({ profileId }) => deps.esim.disable(profileId));
  await queue.work(swapEsimJob, ({ profileId }) => deps.esim.swap(profileId));
  await queue.work(submitPortJob, ({ portRequestId, externalId }) =>
    deps.porting.handOver(portRequestId, externalId),
  );
  await queue.work(checkPortJob, ({ portRequestId, attempt }) => deps.porting.check(portRequestId, attempt));
  await queue.work(sendLineServicesJob, ({ lineId }) => deps.lineServices.send(lineId));
  await queue.work(adminFeeJob, async () => {
    await deps.lines.accrueAdminFees();
  });
  // Every day at 02:00 Singapore time.
  await queue.boss.schedule(adminFeeJob.name, '0 2 * * *', {}, { tz: 'Asia/Singapore' });
}
