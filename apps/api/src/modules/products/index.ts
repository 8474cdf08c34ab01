import { defineModule } from '../../module.ts';
import { planChangeRoutes } from './plan-changes.routes.ts';
import { PlanChanges } from './plan-changes.ts';
import { productsJobs } from './products.jobs.ts';
import { productsRoutes } from './products.routes.ts';
import { ProductsService } from './products.service.ts';
import { registerProductsWorkers } from './products.workers.ts';

export type { PlanChanges, ProductsService };

declare module '../../module.ts' {
  interface Services {
    products: ProductsService;
    planChanges: PlanChanges;
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
    planChanges: new PlanChanges({ database, clock, mvne, catalog }),
  }),
  workers: (queue, { products, planChanges }) => registerProductsWorkers(queue, { products, planChanges }),
  routes: async (app, { sessions, products, planChanges }) => {
    await app.register(productsRoutes, { prefix: '/api/v1', auth: sessions, products });
    await app.register(planChangeRoutes, { prefix: '/api/v1', auth: sessions, planChanges });
  },
});
