import { Clock } from './clock.ts';
import { type Config, feesOf } from './config.ts';
import { createDatabase, type Database } from './db/client.ts';
import { AddressClient } from './integrations/address.ts';
import { EmailClient } from './integrations/email.ts';
import { MvneClient } from './integrations/mvne.ts';
import { MyinfoClient } from './integrations/myinfo.ts';
import { PaymentsClient } from './integrations/payments.ts';
import { SmsClient } from './integrations/sms.ts';
import { Queue } from './jobs/queue.ts';
import { authJobs, registerAuthWorkers } from './modules/auth/auth.jobs.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { Throttle } from './modules/auth/throttle.ts';
import { CatalogService } from './modules/catalog/catalog.service.ts';
import { CisService } from './modules/cis/cis.service.ts';
import { documentsJobs, registerDocumentsWorkers } from './modules/documents/documents.jobs.ts';
import { DocumentsService } from './modules/documents/documents.service.ts';
import { ActivationService } from './modules/fulfilment/activation.service.ts';
import { fulfilmentJobs, registerFulfilmentWorkers } from './modules/fulfilment/fulfilment.jobs.ts';
import { FulfilmentService } from './modules/fulfilment/fulfilment.service.ts';
import { InventoryService } from './modules/fulfilment/inventory.service.ts';
import { OnlineActivationService } from './modules/fulfilment/online-activation.service.ts';
import { EsimService } from './modules/lines/esim.service.ts';
import { linesJobs } from './modules/lines/lines.jobs.ts';
import { LinesService } from './modules/lines/lines.service.ts';
import { registerLinesWorkers } from './modules/lines/lines.workers.ts';
import { PortingService } from './modules/lines/porting.service.ts';
import { KycLogin, MyinfoService } from './modules/myinfo/myinfo.service.ts';
import { notificationJobs, registerNotificationWorkers } from './modules/notifications/notification.jobs.ts';
import type { Brand } from './modules/notifications/templates.ts';
import { CheckoutService } from './modules/orders/checkout.service.ts';
import { orderJobs, registerOrderWorkers } from './modules/orders/order.jobs.ts';
import { OrderHistoryService } from './modules/orders/order-history.service.ts';
import { OrdersService } from './modules/orders/orders.service.ts';
import { paymentJobs, registerPaymentWorkers } from './modules/orders/payment.jobs.ts';
import { StaffAuthService } from './modules/staff/staff-auth.service.ts';
import { UsersService } from './modules/users/users.service.ts';

/** Everything the HTTP layer and the worker share, built once from the configuration. */
export interface AppContext {
  config: Config;
  clock: Clock;
  database: Database;
  queue: Queue;
  brand: Brand;
  auth: AuthService;
  users: UsersService;
  catalog: CatalogService;
  documents: DocumentsService;
  orders: OrdersService;
  checkout: CheckoutService;
  cis: CisService;
  myinfo: MyinfoService;
  history: OrderHistoryService;
  throttle: Throttle;
  staffAuth: StaffAuthService;
  fulfilment: FulfilmentService;
  activation: ActivationService;
  kyc: KycLogin;
  online: OnlineActivationService;
  inventory: InventoryService;
  esim: EsimService;
  lines: LinesService;
  porting: PortingService;
  close(): Promise<void>;
}

export async function createContext(
  config: Config,
  databaseUrl: string,
  clock = new Clock(),
): Promise<AppContext> {
  const database = createDatabase(databaseUrl, config.DB_POOL_MAX);
  const queue = new Queue(databaseUrl, config.JOB_POLL_SECONDS, {
    batchSize: config.JOB_BATCH_SIZE,
    limits: { mvneTimeoutMs: config.MVNE_TIMEOUT_MS },
  });
  try {
    await queue.start([
      ...notificationJobs,
      ...authJobs,
      ...orderJobs,
      ...paymentJobs,
      ...fulfilmentJobs,
      ...linesJobs,
      ...documentsJobs,
    ]);
  } catch (err) {
    // Nothing else holds them yet: a failed start must not leave connections open behind it.
    await queue.stop().catch(() => {});
    await database.close().catch(() => {});
    throw err;
  }
  const brand: Brand = {
    name: config.BRAND_NAME,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
  };
  const throttle = new Throttle(database, clock);
  const email = new EmailClient(config.SMTP_URL, config.MAIL_FROM);
  if (config.RUN_WORKER) {
    await registerNotificationWorkers(queue, {
      email,
      sms: new SmsClient(config.SMS_URL, config.SMS_API_KEY, config.SMS_SENDER),
      brand,
      clock,
    });
  }
  const fees = feesOf(config);
  const catalog = new CatalogService(database, fees);
  const documents = new DocumentsService(database, clock, config);
  if (config.RUN_WORKER) await registerDocumentsWorkers(queue, { documents });
  const mvne = new MvneClient(config.MVNE_URL, config.MVNE_API_KEY, config.MVNE_TIMEOUT_MS);
  const payments = new PaymentsClient(config.PAYMENTS_URL, config.PAYMENTS_API_KEY);
  const history = new OrderHistoryService(database, fees);
  const auth = new AuthService(database, queue, clock, config, throttle, brand);
  if (config.RUN_WORKER) await registerAuthWorkers(queue, auth);
  const esim = new EsimService({ database, clock, queue, mvne, publicUrl: config.PUBLIC_URL });
  const porting = new PortingService({ database, clock, queue, mvne, publicUrl: config.PUBLIC_URL });
  const lines = new LinesService({ database, clock, esim, fees });
  const activation = new ActivationService({
    database,
    clock,
    queue,
    mvne,
    esim,
    ports: porting,
    accounts: auth,
    webhookSecret: config.MVNE_WEBHOOK_SECRET,
    pollSeconds: config.MVNE_POLL_SECONDS,
    publicUrl: config.PUBLIC_URL,
  });
  if (config.RUN_WORKER) {
    await registerOrderWorkers(queue, { database, mvne, clock, activation });
    await registerFulfilmentWorkers(queue, { activation });
    await registerLinesWorkers(queue, { esim, porting, lines });
  }
  const checkout = new CheckoutService({
    database,
    clock,
    catalog,
    payments,
    queue,
    statuses: auth,
    porting,
    publicUrl: config.PUBLIC_URL,
    webhookSecret: config.PAYMENTS_WEBHOOK_SECRET,
  });
  if (config.RUN_WORKER) await registerPaymentWorkers(queue, { database, payments, clock, checkout });
  const cis = new CisService({
    database,
    clock,
    queue,
    throttle,
    otpSecret: config.OTP_SECRET,
    grants: auth,
  });
  const myinfoClient = new MyinfoClient({
    url: config.MYINFO_URL,
    clientId: config.MYINFO_CLIENT_ID,
    clientSecret: config.MYINFO_CLIENT_SECRET,
    purpose: config.MYINFO_PURPOSE,
    redirectUrl: new URL('/callback', config.PUBLIC_URL).toString(),
    timeoutMs: config.MYINFO_TIMEOUT_MS,
    privateKeyFile: config.MYINFO_PRIVATE_KEY_FILE,
    certFile: config.MYINFO_CERT_FILE,
  });
  const myinfo = new MyinfoService({ database, clock, cis, client: myinfoClient });
  const kyc = new KycLogin({ database, clock, client: myinfoClient });
  const online = new OnlineActivationService({ database, clock, kyc, auth, activation });
  return {
    config,
    clock,
    database,
    queue,
    brand,
    throttle,
    auth,
    users: new UsersService(database, history),
    catalog,
    documents,
    orders: new OrdersService({
      database,
      clock,
      catalog,
      mvne,
      documents,
      address: new AddressClient(config.ONEMAP_URL, config.COURIER_URL),
      holdMinutes: config.NUMBER_HOLD_MINUTES,
      statuses: auth,
      throttle,
    }),
    history,
    cis,
    myinfo,
    checkout,
    staffAuth: new StaffAuthService(database, clock, throttle, config.JWT_SECRET, queue),
    activation,
    kyc,
    online,
    fulfilment: new FulfilmentService({
      activation,
      lines,
      porting,
      database,
      clock,
      queue,
      statuses: auth,
      publicUrl: config.PUBLIC_URL,
    }),
    inventory: new InventoryService(database, clock),
    esim,
    lines,
    porting,
    async close() {
      await queue.stop();
      email.close();
      await database.close();
    },
  };
}
