import type { Queue } from '../../jobs/queue.ts';
import { provisionProductJob } from './products.jobs.ts';
import type { ProductsService } from './products.service.ts';

export async function registerProductsWorkers(queue: Queue, deps: { products: ProductsService }) {
  await queue.work(provisionProductJob, ({ id }) => deps.products.provision(id));
}
