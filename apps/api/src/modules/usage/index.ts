import { defineModule } from '../../module.ts';
import { UsageAlerts } from './usage.alerts.ts';
import { UsageImport } from './usage.import.ts';
import { usageJobs } from './usage.jobs.ts';
import { usageRoutes } from './usage.routes.ts';
import { UsageService } from './usage.service.ts';
import { registerUsageWorkers } from './usage.workers.ts';
import { usageEmails } from './usage-emails.ts';

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
  start: ({ emailTemplates }) => {
    emailTemplates.add(usageEmails);
    return Promise.resolve();
  },
  services: ({ database, clock, queue, mvne, brand, config }, { products }) => ({
    usage: new UsageService({ database, clock, queue, mvne, renewals: products }),
    usageImport: new UsageImport({ database, clock, mvne }),
    usageAlerts: new UsageAlerts({ database, queue, mvne, brand, publicUrl: config.PUBLIC_URL }),
  }),
  workers: (queue, { usage, usageImport, usageAlerts }) =>
    registerUsageWorkers(queue, { usage, usageImport, usageAlerts }),
  routes: (app, { sessions, usage }) =>
    app.register(usageRoutes, { prefix: '/api/v1', auth: sessions, usage }),
});
