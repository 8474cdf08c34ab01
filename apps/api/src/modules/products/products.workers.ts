import type { Queue } from '../../jobs/queue.ts';
import { provisionProductJob, settlePurchasesJob } from './products.jobs.ts';
import type { ProductsService } from './products.service.ts';

export async function registerProductsWorkers(queue: Queue, deps: { products: ProductsService }) {
  await queue.work(provisionProductJob, ({ id }) => deps.products.purchases.provision(id));
  await queue.work(settlePurchasesJob, async () => {
    await deps.products.purchases.reconcile();
  });
  await queue.boss.schedule(settlePurchasesJob.name, '* * * * *', {}, { tz: 'Asia/Singapore' });
}
