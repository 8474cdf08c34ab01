import { defineModule } from '../../module.ts';
import { productsJobs } from './products.jobs.ts';
import { productsRoutes } from './products.routes.ts';
import { ProductsService } from './products.service.ts';
import { registerProductsWorkers } from './products.workers.ts';

export type { ProductsService };

declare module '../../module.ts' {
  interface Services {
    products: ProductsService;
  }
}

/**
 * Products on a customer's lines beside the plan (ADR 0024): add-ons, boosters, top-ups, roaming
 * packs and IDD services, their inventory per line, and the MVNE told of each change by a job.
 */
export const productsModule = defineModule({
  name: 'products',
  jobs: productsJobs,
  services: ({ database, clock, queue, mvne }, { catalog, cardCharges }) => ({
    products: new ProductsService({ database, clock, queue, mvne, catalog, cardCharges }),
  }),
  workers: (queue, { products }) => registerProductsWorkers(queue, { products }),
  routes: (app, { sessions, products }) =>
    app.register(productsRoutes, { prefix: '/api/v1', auth: sessions, products }),
});
