import type { Queue } from '../../jobs/queue.ts';
import { activateLineJob, swapReplacementSimJob } from '../lines/index.ts';
import { checkActivationJob } from './activation.jobs.ts';
import type { ActivationService } from './activation.service.ts';
import type { ReplacementsService } from './replacements.service.ts';

export const fulfilmentJobs = [checkActivationJob];

export async function registerFulfilmentWorkers(
  queue: Queue,
  deps: { activation: ActivationService; replacements: ReplacementsService },
) {
  await queue.work(activateLineJob, ({ subscriptionId }, job) =>
    deps.activation.startLine(subscriptionId, job.id),
  );
  await queue.work(checkActivationJob, ({ subscriptionId, attempt }, job) =>
    deps.activation.checkLine(subscriptionId, attempt, job.id),
  );
  await queue.work(swapReplacementSimJob, ({ replacementId }) => deps.replacements.swap(replacementId));
}
