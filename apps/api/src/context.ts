import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Clock } from './clock.ts';
import { brandOf, type Config, feesOf } from './config.ts';
import { createDatabase } from './db/client.ts';
import { AddressClient } from './integrations/address.ts';
import { EmailClient } from './integrations/email.ts';
import { MvneClient } from './integrations/mvne.ts';
import { MyinfoClient } from './integrations/myinfo.ts';
import { PaymentsClient } from './integrations/payments.ts';
import { SmsClient } from './integrations/sms.ts';
import { Queue } from './jobs/queue.ts';
import { CHARGE_KINDS, MODULE_SETTINGS } from './load-config.ts';
import { buildServices, type Platform, type Services } from './module.ts';
import { MODULES } from './modules.ts';
import { Throttle } from './security/throttle.ts';
import { flushTraces, startTracing } from './tracing.ts';

/** Everything the HTTP layer and the worker share, built once from the configuration. */
export type AppContext = Platform &
  Services & {
    close(): Promise<void>;
    /** Sets the gauges `/metrics` reads from the database (the queues', the modules'). */
    readMetrics(): Promise<void>;
  };

/** The web build's version, written by the build beside the app (`dev` without a build). */
function webVersionOf(config: Config): string {
  try {
    const file = resolve(config.WEB_DIST, 'version.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'dev';
  }
}

export async function createContext(
  config: Config,
  databaseUrl: string,
  clock = new Clock(),
): Promise<AppContext> {
  if (config.OTEL_EXPORTER_OTLP_ENDPOINT)
    startTracing(config.OTEL_EXPORTER_OTLP_ENDPOINT, config.OTEL_SERVICE_NAME);
  const database = createDatabase(databaseUrl, config.DB_POOL_MAX);
  const queue = new Queue(databaseUrl, config.JOB_POLL_SECONDS, {
    batchSize: config.JOB_BATCH_SIZE,
    messageBatchSize: config.MESSAGE_BATCH_SIZE,
    limits: { mvneTimeoutMs: config.MVNE_TIMEOUT_MS },
  });
  try {
    await queue.start(MODULES.flatMap((module) => module.jobs ?? []));
  } catch (err) {
    // Nothing else holds them yet: a failed start must not leave connections open behind it.
    await queue.stop().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }
  const email = new EmailClient(config.SMTP_URL, config.MAIL_FROM, config.MAIL_CONNECTIONS);
  const version = webVersionOf(config);
  const platform: Platform = {
    config,
    clock,
    database,
    queue,
    brand: brandOf(config),
    fees: feesOf(config, MODULE_SETTINGS),
    chargeKinds: CHARGE_KINDS,
    throttle: new Throttle(database, clock),
    mvne: new MvneClient(config.MVNE_URL, config.MVNE_API_KEY, config.MVNE_TIMEOUT_MS),
    payments: new PaymentsClient(config.PAYMENTS_URL, config.PAYMENTS_API_KEY),
    myinfoClient: new MyinfoClient({
      url: config.MYINFO_URL,
      clientId: config.MYINFO_CLIENT_ID,
      clientSecret: config.MYINFO_CLIENT_SECRET,
      purpose: config.MYINFO_PURPOSE,
      redirectUrl: new URL('/callback', config.PUBLIC_URL).toString(),
      timeoutMs: config.MYINFO_TIMEOUT_MS,
      privateKeyFile: config.MYINFO_PRIVATE_KEY_FILE,
      certFile: config.MYINFO_CERT_FILE,
    }),
    address: new AddressClient(config.ONEMAP_URL, config.COURIER_URL),
    email,
    sms: new SmsClient(config.SMS_URL, config.SMS_API_KEY, config.SMS_SENDER),
    webVersion: () => version,
  };
  const close = async () => {
    await queue.stop();
    email.close();
    await database.close();
    // Last, so that the spans of the jobs the queue let finish are sent too.
    await flushTraces();
  };
  const services = buildServices(MODULES, platform);
  try {
    for (const module of MODULES) await module.start?.(services, platform);
    if (config.RUN_WORKER) {
      for (const module of MODULES) await module.workers?.(queue, services, platform);
    }
  } catch (err) {
    await close().catch(() => {});
    throw err;
  }
  const readers = [
    () => queue.readMetrics(),
    ...MODULES.flatMap((module) => module.metrics?.(services, platform) ?? []),
  ];
  // Sets the gauges read from the database, just before `/metrics` writes every metric out.
  const readMetrics = async () => {
    await Promise.all(readers.map((read) => read()));
  };
  return { ...platform, ...services, close, readMetrics };
}
