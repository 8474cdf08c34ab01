import { defineModule } from '../../module.ts';
import { ActivationService } from './activation.service.ts';
import { fulfilmentJobs, registerFulfilmentWorkers } from './fulfilment.jobs.ts';
import { FulfilmentService } from './fulfilment.service.ts';
import { fulfilmentSettings } from './fulfilment.settings.ts';
import { fulfilmentEmails } from './fulfilment-emails.ts';
import { registerHandOverWorker } from './hand-over.workers.ts';
import { inventoryRepository } from './inventory.repository.ts';
import { InventoryService } from './inventory.service.ts';
import { mvneWebhookRoutes } from './mvne-webhook.routes.ts';
import { onlineActivationRoutes } from './online-activation.routes.ts';
import { OnlineActivationService } from './online-activation.service.ts';
import { ReplacementsService } from './replacements.service.ts';
import { simStockRoutes } from './sim-stock.routes.ts';
import { staffOrderActionRoutes } from './staff-order-actions.routes.ts';
import { staffOrderRoutes } from './staff-orders.routes.ts';
import { staffReplacementRoutes } from './staff-replacements.routes.ts';

export { fulfilmentErasure } from './fulfilment-erasure.ts';
export type {
  ActivationService,
  FulfilmentService,
  InventoryService,
  OnlineActivationService,
  ReplacementsService,
};

declare module '../../module.ts' {
  interface Services {
    activation: ActivationService;
    online: OnlineActivationService;
    fulfilment: FulfilmentService;
    inventory: InventoryService;
    /** Lost SIMs' replacements: their delivery and activation (ADR 0029). */
    replacements: ReplacementsService;
  }
}

/**
 * From a paid order to an active line: the staff console's work, SIM stock, delivery and activation;
 * and the same for a lost SIM's replacement (ADR 0029).
 */
export const fulfilmentModule = defineModule({
  name: 'fulfilment',
  settings: fulfilmentSettings,
  jobs: fulfilmentJobs,
  services: (
    { database, clock, queue, mvne, config },
    { esim, porting, lines, accounts, sessions, kyc, products, lostSims, charges },
  ) => {
    const activation = new ActivationService({
      database,
      clock,
      queue,
      mvne,
      esim,
      ports: porting,
      products,
      accounts,
      lines,
      webhookSecret: config.MVNE_WEBHOOK_SECRET,
      pollSeconds: config.MVNE_POLL_SECONDS,
      publicUrl: config.PUBLIC_URL,
      defaultLocale: config.DEFAULT_LANGUAGE,
    });
    return {
      activation,
      online: new OnlineActivationService({ database, clock, kyc, auth: sessions, activation }),
      fulfilment: new FulfilmentService({
        activation,
        lines,
        porting,
        database,
        clock,
        queue,
        statuses: accounts,
        publicUrl: config.PUBLIC_URL,
        defaultLocale: config.DEFAULT_LANGUAGE,
      }),
      inventory: new InventoryService(database, clock),
      replacements: new ReplacementsService({ database, clock, queue, mvne, lostSims, charges }),
    };
  },
  // A replacement's new SIM sent for a line that then ended is retired from stock (ADR 0045). The
  // emails of an order's steps are its own (ADR 0048).
  start: ({ terminations, emailTemplates }) => {
    emailTemplates.add(fulfilmentEmails);
    terminations.onEnded(async (tx, { at, replacementIccid }) => {
      if (replacementIccid) await inventoryRepository.retireReplacement(tx.db, replacementIccid, at);
    });
    return Promise.resolve();
  },
  workers: async (queue, { activation, replacements }, { database, mvne, clock }) => {
    await registerFulfilmentWorkers(queue, { activation, replacements });
    await registerHandOverWorker(queue, { database, mvne, clock, activation });
  },
  routes: async (
    app,
    { sessions, kyc, online, activation, staffAuth, fulfilment, inventory, documents, replacements },
    { config },
  ) => {
    await app.register(onlineActivationRoutes, {
      prefix: '/api/v1',
      auth: sessions,
      kyc,
      online,
      codeLimit: config.AUTH_RATE_LIMIT_MAX,
      cookieSecure: config.COOKIE_SECURE,
    });
    await app.register(mvneWebhookRoutes, { prefix: '/api/v1', activation });
    await app.register(staffOrderRoutes, { prefix: '/api/v1/staff', staffAuth, fulfilment, documents });
    await app.register(staffOrderActionRoutes, { prefix: '/api/v1/staff', staffAuth, fulfilment });
    await app.register(simStockRoutes, { prefix: '/api/v1/staff', staffAuth, inventory });
    await app.register(staffReplacementRoutes, { prefix: '/api/v1/staff', staffAuth, replacements });
  },
});
