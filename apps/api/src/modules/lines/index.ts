import { defineModule } from '../../module.ts';
import { EsimService } from './esim.service.ts';
import { linesJobs } from './lines.jobs.ts';
import { linesRoutes } from './lines.routes.ts';
import { LinesService } from './lines.service.ts';
import { registerLinesWorkers } from './lines.workers.ts';
import { PortingService } from './porting.service.ts';

export { activateLineJob } from './lines.jobs.ts';
export type { EsimService, LinesService, PortingService };

declare module '../../module.ts' {
  interface Services {
    esim: EsimService;
    porting: PortingService;
    lines: LinesService;
  }
}

/** A customer's lines: eSIM profiles, number porting and the admin fee of lines not activated. */
export const linesModule = defineModule({
  name: 'lines',
  jobs: linesJobs,
  services: ({ database, clock, queue, mvne, config, fees }, { charges }) => {
    const esim = new EsimService({ database, clock, queue, mvne, publicUrl: config.PUBLIC_URL });
    const porting = new PortingService({ database, clock, queue, mvne, publicUrl: config.PUBLIC_URL });
    return { esim, porting, lines: new LinesService({ database, clock, esim, fees, charges }) };
  },
  workers: (queue, { esim, porting, lines }) => registerLinesWorkers(queue, { esim, porting, lines }),
  routes: (app, { sessions, lines, esim, porting }) =>
    app.register(linesRoutes, { prefix: '/api/v1', auth: sessions, lines, esim, porting }),
});
