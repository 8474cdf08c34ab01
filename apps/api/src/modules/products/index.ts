import { defineModule } from '../../module.ts';
import { purchasesAsCardPayments } from './card-purchases.ts';
import { productsEndWithLine } from './line-end.ts';
import { LineRoamingSettings } from './line-roaming.ts';
import { planChangeRoutes } from './plan-changes.routes.ts';
import { PlanChanges } from './plan-changes.ts';
import { productEmails } from './product-emails.ts';
import { monthlyProductCharges, planCharges } from './products.bill-run.ts';
import { productsJobs } from './products.jobs.ts';
import { productsRoutes } from './products.routes.ts';
import { ProductsService } from './products.service.ts';
import { registerProductsWorkers } from './products.workers.ts';

export type { RoamingSpend } from './line-roaming.ts';
export { monthlyProductCharges, planCharges } from './products.bill-run.ts';
export { productsErasure } from './products-erasure.ts';
export { productsExportOf } from './products-export.ts';
export type { LineRoamingSettings, PlanChanges, ProductsService };

declare module '../../module.ts' {
  interface Services {
    products: ProductsService;
    planChanges: PlanChanges;
    lineRoaming: LineRoamingSettings;
  }
}

/**
 * Products on a customer's lines beside the plan (ADR 0024): add-ons, boosters, top-ups, roaming
 * packs and IDD services, their inventory per line, and the MVNE told of each change by a job.
 */
export const productsModule = defineModule({
  name: 'products',
  jobs: productsJobs,
  services: ({ database, clock, queue, mvne, brand, fees, config }, { catalog, cardCharges }) => ({
    products: new ProductsService({
      database,
      clock,
      queue,
      mvne,
      catalog,
      cardCharges,
      gstPercent: fees.gstPercent,
      publicUrl: config.PUBLIC_URL,
      brand,
      defaultLocale: config.DEFAULT_LANGUAGE,
    }),
    planChanges: new PlanChanges({
      database,
      clock,
      queue,
      mvne,
      catalog,
      brand,
      publicUrl: config.PUBLIC_URL,
      defaultLocale: config.DEFAULT_LANGUAGE,
    }),
    lineRoaming: new LineRoamingSettings({
      database,
      clock,
      queue,
      mvne,
      brand,
      publicUrl: config.PUBLIC_URL,
      defaultLocale: config.DEFAULT_LANGUAGE,
    }),
  }),
  // One-time purchases' card payments: billing reads the gateway's charges and lists them on /bills.
  // A line's products and scheduled plan change end with the line (ADR 0045).
  // The lines' plans and monthly products are charged by the bill run's statements written here (ADR 0045).
  // Its receipts and roaming cap alerts are its own emails (ADR 0048).
  start: async ({ cardPaymentOwners, terminations, billRun, emailTemplates }, { database }) => {
    emailTemplates.add(productEmails);
    cardPaymentOwners.add(purchasesAsCardPayments(database.db));
    terminations.onEnded(productsEndWithLine);
    billRun.includes(planCharges, monthlyProductCharges);
  },
  workers: (queue, { products, planChanges, lineRoaming }) =>
    registerProductsWorkers(queue, { products, planChanges, roaming: lineRoaming }),
  routes: async (app, { sessions, products, planChanges, lineRoaming }) => {
    await app.register(productsRoutes, { prefix: '/api/v1', auth: sessions, products, roaming: lineRoaming });
    await app.register(planChangeRoutes, { prefix: '/api/v1', auth: sessions, planChanges });
  },
});
