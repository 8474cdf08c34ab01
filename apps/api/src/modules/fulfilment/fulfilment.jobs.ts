import type { Queue } from '../../jobs/queue.ts';
import { activateLineJob } from '../lines/index.ts';
import { checkActivationJob } from './activation.jobs.ts';
import type { ActivationService } from './activation.service.ts';

export const fulfilmentJobs = [checkActivationJob];

export async function registerFulfilmentWorkers(queue: Queue, deps: { activation: ActivationService }) {
  await queue.work(activateLineJob, ({ subscriptionId }) => deps.activation.startLine(subscriptionId));
  await queue.work(checkActivationJob, ({ subscriptionId, attempt }) =>
    deps.activation.checkLine(subscriptionId, attempt),
  );
}
