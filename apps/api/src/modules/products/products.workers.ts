import type { Queue } from '../../jobs/queue.ts';
import type { LineRoamingSettings } from './line-roaming.ts';
import type { PlanChanges } from './plan-changes.ts';
import {
  applyPlanChangesJob,
  checkRoamingCapsJob,
  provisionGaveUpJob,
  provisionProductJob,
  sendRoamingJob,
  settlePurchasesJob,
} from './products.jobs.ts';
import type { ProductsService } from './products.service.ts';

export async function registerProductsWorkers(
  queue: Queue,
  deps: { products: ProductsService; planChanges: PlanChanges; roaming: LineRoamingSettings },
) {
  await queue.work(provisionProductJob, ({ id }) => deps.products.purchases.provision(id));
  await queue.work(provisionGaveUpJob, ({ id }) => deps.products.purchases.giveUp(id));
  await queue.work(settlePurchasesJob, async () => {
    await deps.products.purchases.reconcile();
  });
  await queue.boss.schedule(settlePurchasesJob.name, '* * * * *', {}, { tz: 'Asia/Singapore' });
  await queue.work(applyPlanChangesJob, async () => {
    await deps.planChanges.applyDue();
  });
  await queue.boss.schedule(applyPlanChangesJob.name, '10 * * * *', {}, { tz: 'Asia/Singapore' });
  await queue.send(applyPlanChangesJob, {});
  await queue.work(sendRoamingJob, ({ lineId }) => deps.roaming.send(lineId));
  await queue.work(checkRoamingCapsJob, async () => {
    await deps.roaming.checkCaps();
  });
  await queue.boss.schedule(checkRoamingCapsJob.name, '*/10 * * * *', {}, { tz: 'Asia/Singapore' });
}
