import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { registerInboxRoutes } from './inbox/routes.ts';
import { InboxStore } from './inbox/store.ts';
import { registerSmsRoutes } from './sms/routes.ts';
import { createSmtpServer } from './smtp/server.ts';

export interface SandboxOptions {
  host?: string;
  httpPort?: number;
  smtpPort?: number;
  smsApiKey?: string;
}

export interface Sandbox {
  url: string;
  smtpPort: number;
  store: InboxStore;
  stop(): Promise<void>;
}

/** Starts the stand-ins for the systems outside our walls. Port 0 picks a free port. */
export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const host = opts.host ?? '127.0.0.1';
  const store = new InboxStore();
  const app = Fastify({ logger: false });
  registerInboxRoutes(app, store);
  registerSmsRoutes(app, store, opts.smsApiKey ?? 'sandbox-sms-key');
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.listen({ host, port: opts.httpPort ?? 3100 });
  const httpPort = (app.server.address() as AddressInfo).port;

  const smtp = createSmtpServer(store);
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(opts.smtpPort ?? 2525, host, () => resolve());
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  return {
    url: `http://${host}:${httpPort}`,
    smtpPort,
    store,
    async stop() {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await app.close();
    },
  };
}
