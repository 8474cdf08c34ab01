import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import { registerAddressRoutes } from './address/routes.ts';
import { Bank } from './bank/bank.ts';
import { registerBankRoutes } from './bank/routes.ts';
import { registerClockRoutes, SandboxClock } from './clock/clock.ts';
import { Faults } from './faults/faults.ts';
import { registerFaultRoutes } from './faults/routes.ts';
import { registerInboxRoutes } from './inbox/routes.ts';
import { InboxStore } from './inbox/store.ts';
import { registerMvneRoutes } from './mvne/routes.ts';
import { MvneStore } from './mvne/store.ts';
import { registerTrafficRoutes } from './mvne/usage/routes.ts';
import { Gateway } from './payments/gateway.ts';
import { registerPaymentRoutes } from './payments/routes.ts';
import { registerPushRoutes } from './push/service.ts';
import { registerSmsRoutes } from './sms/routes.ts';
import { createSmtpServer } from './smtp/server.ts';

export interface SandboxOptions {
  host?: string;
  httpPort?: number;
  smtpPort?: number;
  smsApiKey?: string;
  mvneApiKey?: string;
  paymentsApiKey?: string;
  /** Where the card gateway posts charge events, and the secret it signs them with. */
  paymentsWebhookUrl?: string;
  paymentsWebhookSecret?: string;
  /** The key of the collection account's bank API; where it posts PayNow credit events, and their secret. */
  bankApiKey?: string;
  bankWebhookUrl?: string;
  bankWebhookSecret?: string;
  /** How long an MVNE activation takes; where its service events go, and their secret. */
  mvneActivationDelayMs?: number;
  mvneWebhookUrl?: string;
  mvneWebhookSecret?: string;
  /** The SM-DP+ address the MVNE's eSIM activation codes name. */
  smdpAddress?: string;
  /** Where the simulated systems keep their records across restarts; in memory only when unset. */
  dataDir?: string;
}

export interface Sandbox {
  url: string;
  smtpPort: number;
  store: InboxStore;
  faults: Faults;
  mvne: MvneStore;
  gateway: Gateway;
  bank: Bank;
  clock: SandboxClock;
  stop(): Promise<void>;
}

/** Starts the stand-ins for the systems outside our walls. Port 0 picks a free port. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const host = opts.host ?? '127.0.0.1';
  const store = new InboxStore();
  const faults = new Faults();
  const mvne = new MvneStore(opts.dataDir ? join(opts.dataDir, 'mvne.json') : undefined);
  const gateway = new Gateway();
  const bank = new Bank(opts.dataDir ? join(opts.dataDir, 'bank.json') : undefined);
  const clock = new SandboxClock();
  const app = Fastify({ logger: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Selfcare sandbox',
        version: '1.0.0',
        description:
          'Stand-ins for the systems outside the portal: the MVNE (TM Forum TMF685 number reservations and TMF622 product orders for new lines and for add-ons, boosters and roaming packs on live ones, TMF637 product inventory, TMF640 service activation with a roaming spend cap, eSIM profiles and number porting, TMF677 usage consumption and TMF635 usage records from a seeded traffic generator driven by the sandbox clock), a card payment gateway (hosted card page, idempotent charges, signed webhooks), the bank of the collection account (PayNow QRs paid from a banking app, credits settled on the sandbox clock within up to 2 Singapore working days or as set, signed credit events and a credits API to confirm them), the SMS gateway, a Web Push service (subscriptions made for tests, VAPID checked, messages decrypted), the mail inbox, OneMap address search with a courier coverage check, the fault switch, the sandbox clock and the MVNE traffic profile.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  registerInboxRoutes(app, store);
  registerSmsRoutes(app, store, faults, opts.smsApiKey ?? 'sandbox-sms-key');
  registerPushRoutes(app, store, faults);
  registerMvneRoutes(app, mvne, faults, {
    apiKey: opts.mvneApiKey ?? 'sandbox-mvne-key',
    activationDelayMs: opts.mvneActivationDelayMs ?? 3000,
    webhookUrl: opts.mvneWebhookUrl,
    webhookSecret: opts.mvneWebhookSecret ?? 'sandbox-mvne-webhook-secret',
    smdpAddress: opts.smdpAddress ?? 'smdp.sandbox.selfcare.test',
    clock,
  });
  registerTrafficRoutes(app, mvne);
  registerClockRoutes(app, clock);
  registerAddressRoutes(app, faults);
  registerPaymentRoutes(app, gateway, faults, {
    apiKey: opts.paymentsApiKey ?? 'sandbox-payments-key',
    webhookUrl: opts.paymentsWebhookUrl,
    webhookSecret: opts.paymentsWebhookSecret ?? 'sandbox-webhook-secret',
  });
  registerBankRoutes(app, bank, faults, {
    apiKey: opts.bankApiKey ?? 'sandbox-bank-key',
    webhookUrl: opts.bankWebhookUrl,
    webhookSecret: opts.bankWebhookSecret ?? 'sandbox-bank-webhook-secret',
    clock,
  });
  registerFaultRoutes(app, faults);
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  await app.listen({ host, port: opts.httpPort ?? 3100 });
  const httpPort = (app.server.address() as AddressInfo).port;

  const smtp = createSmtpServer(store, faults);
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(opts.smtpPort ?? 2525, host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  return {
    url: `http://${host}:${httpPort}`,
    smtpPort,
    store,
    faults,
    mvne,
    gateway,
    bank,
    clock,
    async stop() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await app.close();
    },
  };
}
export { type MockPass, startMockPass } from './mockpass/mockpass.ts';
