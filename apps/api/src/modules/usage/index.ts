import { defineModule } from '../../module.ts';
import { usageJobs } from './usage.jobs.ts';
import { usageRoutes } from './usage.routes.ts';
import { UsageService } from './usage.service.ts';
import { registerUsageWorkers } from './usage.workers.ts';

export type { UsageService };

declare module '../../module.ts' {
  interface Services {
    usage: UsageService;
  }
}

/** Usage: balances from the MVNE, the import of its usage records, and the dashboards' reads. */
export const usageModule = defineModule({
  name: 'usage',
  jobs: usageJobs,
  services: ({ database, clock, queue, mvne }) => ({
    usage: new UsageService({ database, clock, queue, mvne }),
  }),
  workers: (queue, { usage }) => registerUsageWorkers(queue, { usage }),
  routes: (app, { sessions, usage }) =>
    app.register(usageRoutes, { prefix: '/api/v1', auth: sessions, usage }),
});
