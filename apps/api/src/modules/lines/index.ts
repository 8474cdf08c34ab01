import { defineModule } from '../../module.ts';
import { EsimService } from './esim.service.ts';
import { esimEmail } from './esim-email.ts';
import { lineEmails } from './line-emails.ts';
import { orderedLines } from './line-records.ts';
import { lineServicesRoutes, staffLineServicesRoutes } from './line-services.routes.ts';
import { LineServices } from './line-services.ts';
import { linesBillRun, roadshowOrderCharges } from './lines.bill-run.ts';
import { linesJobs } from './lines.jobs.ts';
import { lineLabels } from './lines.repository.ts';
import { linesRoutes } from './lines.routes.ts';
import { LinesService } from './lines.service.ts';
import { linesSettings } from './lines.settings.ts';
import { registerLinesWorkers } from './lines.workers.ts';
import { lostSimsRoutes } from './lost-sims.routes.ts';
import { LostSims } from './lost-sims.ts';
import { numberChangesRoutes } from './number-changes.routes.ts';
import { NumberChanges } from './number-changes.ts';
import { PortingService } from './porting.service.ts';
import { terminationsRoutes } from './terminations.routes.ts';
import { Terminations } from './terminations.ts';

export { type LineRow, lineRecords, orderedLines } from './line-records.ts';
export { linesBillRun, roadshowOrderCharges } from './lines.bill-run.ts';
export { activateLineJob, swapReplacementSimJob } from './lines.jobs.ts';
export { lineNumbers, lineTerms } from './lines.schema.ts';
export { linesErasure } from './lines-erasure.ts';
export { linesExportOf } from './lines-export.ts';
export type { ReplacementRow } from './lost-sims.repository.ts';
export { type ReplacementRecord, replacementRecords } from './replacement-records.ts';
export type { LineEnded } from './terminations.ts';
export type {
  EsimService,
  LineServices,
  LinesService,
  LostSims,
  NumberChanges,
  PortingService,
  Terminations,
};

declare module '../../module.ts' {
  interface Services {
    esim: EsimService;
    porting: PortingService;
    lines: LinesService;
    lineServices: LineServices;
    terminations: Terminations;
    numberChanges: NumberChanges;
    lostSims: LostSims;
  }
}

/**
 * A customer's lines: eSIM profiles, number porting, the admin fee of lines not activated, and each
 * line's services (suspension and international barring, ADR 0025), and lost SIMs (ADR 0029).
 */
export const linesModule = defineModule({
  name: 'lines',
  settings: linesSettings,
  jobs: linesJobs,
  services: ({ database, clock, queue, mvne, config, fees, brand }, { charges, accounts }) => {
    const alerts = { queue, brand, publicUrl: config.PUBLIC_URL, defaultLocale: config.DEFAULT_LANGUAGE };
    // What the eSIM and porting services share: they call the MVNE and write to the customer.
    const network = {
      database,
      clock,
      queue,
      mvne,
      publicUrl: config.PUBLIC_URL,
      defaultLocale: config.DEFAULT_LANGUAGE,
    };
    const esim = new EsimService(network);
    const porting = new PortingService({ ...network, accounts });
    return {
      esim,
      porting,
      lines: new LinesService({ database, clock, esim, fees, charges }),
      lineServices: new LineServices({ ...alerts, database, clock, mvne }),
      terminations: new Terminations({ ...alerts, database, clock, accounts }),
      numberChanges: new NumberChanges({
        ...alerts,
        database,
        clock,
        mvne,
        charges,
        accounts,
        feeCents: fees.numberChangeCents,
        holdMinutes: config.NUMBER_HOLD_MINUTES,
      }),
      lostSims: new LostSims({ ...alerts, database, clock, mvne, esim, fees }),
    };
  },
  // An account with a line live in the month gets the month's bill. Ordering reads the lines made
  // from its order lines, and their port-in requests, through these records: lines read orders, so
  // orders may not import lines (ADR 0045). The port-in's emails are its own (ADR 0048).
  start: async ({ billRun, billSubjects, subLines, history, emailTemplates }) => {
    emailTemplates.add(lineEmails);
    emailTemplates.add(esimEmail);
    billRun.includes(linesBillRun, roadshowOrderCharges);
    billSubjects.linesNamedBy(lineLabels);
    subLines.linesFrom(orderedLines);
    history.linesFrom(orderedLines);
  },
  workers: (queue, { esim, porting, lines, lineServices, terminations, numberChanges, lostSims }) =>
    registerLinesWorkers(queue, {
      esim,
      porting,
      lines,
      lineServices,
      terminations,
      numberChanges,
      lostSims,
    }),
  routes: async (
    app,
    { sessions, staffAuth, lines, esim, porting, lineServices, terminations, numberChanges, lostSims },
    { config },
  ) => {
    await app.register(terminationsRoutes, {
      prefix: '/api/v1',
      auth: sessions,
      terminations,
      authLimit: config.AUTH_RATE_LIMIT_MAX,
    });
    await app.register(linesRoutes, { prefix: '/api/v1', auth: sessions, lines, esim, porting });
    await app.register(numberChangesRoutes, {
      prefix: '/api/v1',
      auth: sessions,
      numberChanges,
      porting,
      authLimit: config.AUTH_RATE_LIMIT_MAX,
    });
    await app.register(lineServicesRoutes, { prefix: '/api/v1', auth: sessions, services: lineServices });
    await app.register(lostSimsRoutes, { prefix: '/api/v1', auth: sessions, lostSims });
    await app.register(staffLineServicesRoutes, {
      prefix: '/api/v1/staff',
      staffAuth,
      services: lineServices,
    });
  },
});
