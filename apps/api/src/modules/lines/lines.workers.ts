import type { Queue } from '../../jobs/queue.ts';
import type { EsimService } from './esim.service.ts';
import type { LineServices } from './line-services.ts';
import {
  adminFeeJob,
  applyTerminationsJob,
  changeNumberJob,
  checkPortJob,
  disableEsimJob,
  issueEsimJob,
  retryLineServicesJob,
  retryLostSimsJob,
  retryNumberChangesJob,
  sendLineServicesJob,
  sendLostSimJob,
  submitPortJob,
  swapEsimJob,
} from './lines.jobs.ts';
import type { LinesService } from './lines.service.ts';
import type { LostSims } from './lost-sims.ts';
import type { NumberChanges } from './number-changes.ts';
import type { PortingService } from './porting.service.ts';
import type { Terminations } from './terminations.ts';

export async function registerLinesWorkers(
  queue: Queue,
  deps: {
    esim: EsimService;
    porting: PortingService;
    lines: LinesService;
    lineServices: LineServices;
    terminations: Terminations;
    numberChanges: NumberChanges;
    lostSims: LostSims;
  },
) {
  await queue.work(issueEsimJob, ({ profileId }) => deps.esim.issue(profileId));
  await queue.work(disableEsimJob, ({ profileId }) => deps.esim.disable(profileId));
  await queue.work(swapEsimJob, async ({ profileId }) => {
    await deps.esim.swap(profileId);
  });
  await queue.work(submitPortJob, ({ portRequestId, externalId }, job) =>
    deps.porting.handOver(portRequestId, externalId, job.id),
  );
  await queue.work(checkPortJob, ({ portRequestId, attempt }) => deps.porting.check(portRequestId, attempt));
  await queue.work(sendLineServicesJob, ({ lineId }) => deps.lineServices.send(lineId));
  await queue.work(retryLineServicesJob, async () => {
    await deps.lineServices.retryStale();
  });
  await queue.boss.schedule(retryLineServicesJob.name, '45 * * * *', {}, { tz: 'Asia/Singapore' });
  await queue.work(changeNumberJob, ({ changeId }) => deps.numberChanges.apply(changeId));
  await queue.work(retryNumberChangesJob, async () => {
    await deps.numberChanges.retryStale();
  });
  await queue.boss.schedule(retryNumberChangesJob.name, '40 * * * *', {}, { tz: 'Asia/Singapore' });
  await queue.work(sendLostSimJob, ({ replacementId }) => deps.lostSims.send(replacementId));
  await queue.work(retryLostSimsJob, async () => {
    await deps.lostSims.retryStale();
  });
  await queue.boss.schedule(retryLostSimsJob.name, '50 * * * *', {}, { tz: 'Asia/Singapore' });
  await queue.work(applyTerminationsJob, async () => {
    await deps.terminations.applyDue();
  });
  // Hourly at :20 Singapore time, and now: a worker that was down catches up.
  await queue.boss.schedule(applyTerminationsJob.name, '20 * * * *', {}, { tz: 'Asia/Singapore' });
  await queue.send(applyTerminationsJob, {});
  await queue.work(adminFeeJob, async () => {
    await deps.lines.accrueAdminFees();
  });
  // Every day at 02:00 Singapore time.
  await queue.boss.schedule(adminFeeJob.name, '0 2 * * *', {}, { tz: 'Asia/Singapore' });
}
