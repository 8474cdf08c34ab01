import { defineModule } from '../../module.ts';
import { roamingSpend } from './roaming-spend.ts';
import { UsageAlerts } from './usage.alerts.ts';
import { usageCharges } from './usage.bill-run.ts';
import { UsageImport } from './usage.import.ts';
import { usageJobs } from './usage.jobs.ts';
import { usageRoutes } from './usage.routes.ts';
import { UsageService } from './usage.service.ts';
import { registerUsageWorkers } from './usage.workers.ts';
import { usageEmails } from './usage-emails.ts';

export { usageCharges } from './usage.bill-run.ts';
export { usageErasure } from './usage-erasure.ts';
export { usageExportOf } from './usage-export.ts';
export type { UsageAlerts, UsageImport, UsageService };

declare module '../../module.ts' {
  interface Services {
    usage: UsageService;
    usageImport: UsageImport;
    usageAlerts: UsageAlerts;
  }
}

/** Usage: balances from the MVNE, the import of its usage records, and the dashboards' reads. */
export const usageModule = defineModule({
  name: 'usage',
  jobs: usageJobs,
  services: ({ database, clock, queue, mvne, brand, config }, { products }) => ({
    usage: new UsageService({ database, clock, queue, mvne, renewals: products }),
    usageImport: new UsageImport({ database, clock, mvne }),
    usageAlerts: new UsageAlerts({
      database,
      queue,
      mvne,
      brand,
      publicUrl: config.PUBLIC_URL,
      defaultLocale: config.DEFAULT_LANGUAGE,
    }),
  }),
  // Usage's alert email joins the registry (ADR 0048); roaming spent is usage's imported sums, which
  // products' caps read through this (ADR 0045); out-of-bundle use is charged by the bill run's
  // statement written here.
  start: ({ emailTemplates, lineRoaming, billRun }) => {
    emailTemplates.add(usageEmails);
    lineRoaming.measuredBy(roamingSpend);
    billRun.includes(usageCharges);
    return Promise.resolve();
  },
  workers: (queue, { usage, usageImport, usageAlerts }) =>
    registerUsageWorkers(queue, { usage, usageImport, usageAlerts }),
  routes: (app, { sessions, usage }) =>
    app.register(usageRoutes, { prefix: '/api/v1', auth: sessions, usage }),
});
