import { defineModule } from '../../module.ts';
import { BillRun } from './bill-run.ts';
import { billingJobs } from './billing.jobs.ts';
import { billingRoutes } from './billing.routes.ts';
import { BillingService } from './billing.service.ts';
import { registerBillingWorkers } from './billing.workers.ts';

export type { BillingService };
export { BillRun };

declare module '../../module.ts' {
  interface Services {
    billing: BillingService;
    billRun: BillRun;
  }
}

/** Billing: the charges ledger, the monthly bill run, the bills and their PDF (ADR 0023). */
export const billingModule = defineModule({
  name: 'billing',
  jobs: billingJobs,
  services: ({ database, clock, queue, brand, fees, config }) => ({
    billing: new BillingService({
      database,
      clock,
      queue,
      brand,
      publicUrl: config.PUBLIC_URL,
      operator: { uen: config.OPERATOR_UEN, address: config.OPERATOR_ADDRESS },
      billsShown: config.BILLS_SHOWN,
    }),
    billRun: new BillRun({ database, clock, gstPercent: fees.gstPercent }),
  }),
  workers: (queue, { billing, billRun }) => registerBillingWorkers(queue, { billing, billRun }),
  routes: (app, { sessions, billing }) =>
    app.register(billingRoutes, { prefix: '/api/v1', auth: sessions, billing }),
});
