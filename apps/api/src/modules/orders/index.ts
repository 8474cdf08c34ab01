import { defineModule } from '../../module.ts';
import { orderCardStore } from './card-store.ts';
import { checkoutRoutes, paymentWebhookRoutes } from './checkout.routes.ts';
import { orderDocuments } from './document-keeper.ts';
import { NumbersService } from './numbers.service.ts';
import { orderJobs } from './order.jobs.ts';
import { orderRepository } from './order.repository.ts';
import { orderConfirmationEmail } from './order-confirmation-email.ts';
import { ordersEmails } from './order-emails.ts';
import { orderHistoryRoutes } from './order-history.routes.ts';
import { OrderHistoryService } from './order-history.service.ts';
import { ordersRoutes } from './orders.routes.ts';
import { OrdersService } from './orders.service.ts';
import { ordersSettings } from './orders.settings.ts';
import { paymentJobs } from './payment.jobs.ts';
import { PaymentService } from './payment.service.ts';
import { registerPaymentWorkers } from './payment.workers.ts';
import { QuoteService } from './quote.service.ts';
import { subLinesRoutes } from './sub-lines.routes.ts';
import { type AccountClosing, SubLines } from './sub-lines.ts';
import { UnpaidOrders } from './unpaid-orders.ts';

export { draftRepository } from './draft.repository.ts';
export { requireOrdering } from './draft-data.ts';
export { orderFulfilmentRecords } from './fulfilment-records.ts';
export { openOrderRecords } from './open-order-records.ts';
export { createInMvneJob } from './order.jobs.ts';
export { type OrderRow, orderRecords } from './order-records.ts';
export type { OrderedLines } from './ordered-lines.ts';
export { ordersErasure } from './orders-erasure.ts';
export { ordersExportOf } from './orders-export.ts';
export { refundJob } from './payment.jobs.ts';
export type {
  AccountClosing,
  NumbersService,
  OrderHistoryService,
  OrdersService,
  PaymentService,
  QuoteService,
  SubLines,
  UnpaidOrders,
};

declare module '../../module.ts' {
  interface Services {
    history: OrderHistoryService;
    quotes: QuoteService;
    /** Checkout's payment: attempts, the gateway's pages and webhooks, settlement, placing the order. */
    checkout: PaymentService;
    orders: OrdersService;
    numbers: NumbersService;
    /** /manage/mobileSubLine: 'Us' lines added after activation (ADR 0031). */
    subLines: SubLines;
    /** Closes orders left unpaid past their payment window ('Unsuccessful payment', ADR 0037). */
    unpaidOrders: UnpaidOrders;
  }
}

/**
 * The order wizard, checkout and payment, the hand-over to the MVNE, and the customer's past orders.
 * The first order writes the customer's profile, which is the profiles module's.
 */
export const ordersModule = defineModule({
  name: 'orders',
  settings: ordersSettings,
  jobs: [...orderJobs, ...paymentJobs],
  services: (
    { database, clock, queue, mvne, payments, address, throttle, config, fees },
    { catalog, accounts, porting, documents },
  ) => ({
    history: new OrderHistoryService(database, fees),
    quotes: new QuoteService({ database, clock, catalog }),
    checkout: new PaymentService({
      database,
      clock,
      catalog,
      payments,
      queue,
      statuses: accounts,
      porting,
      publicUrl: config.PUBLIC_URL,
      defaultLocale: config.DEFAULT_LANGUAGE,
      webhookSecret: config.PAYMENTS_WEBHOOK_SECRET,
    }),
    orders: new OrdersService({
      database,
      clock,
      catalog,
      documents,
      address,
      statuses: accounts,
      throttle,
    }),
    numbers: new NumbersService({
      database,
      clock,
      mvne,
      documents,
      holdMinutes: config.NUMBER_HOLD_MINUTES,
    }),
    unpaidOrders: new UnpaidOrders({ database, clock, catalog, mvne }),
    subLines: new SubLines({
      database,
      clock,
      queue,
      mvne,
      address,
      catalog,
      porting,
      accounts,
      holdMinutes: config.NUMBER_HOLD_MINUTES,
      publicUrl: config.PUBLIC_URL,
      defaultLocale: config.DEFAULT_LANGUAGE,
    }),
  }),
  // Orders' card payments, for billing's reading of the gateway's charges (ADR 0033).
  // The uploads a draft or an order needs are kept from the daily removal (ADR 0045).
  // The cards on file are kept here; billing saves and charges them through this store (ADR 0045),
  // and addresses a bill to the billing address given with the latest order.
  // An added 'Us' line's confirmation is its own email (ADR 0048).
  start: async (
    { cardPaymentOwners, cardsOnFile, billSubjects, documents, emailTemplates },
    { database },
  ) => {
    emailTemplates.add(ordersEmails);
    emailTemplates.add(orderConfirmationEmail);
    cardsOnFile.keptBy(orderCardStore);
    billSubjects.addressesKeptBy(orderRepository.latestBillingAddress);
    cardPaymentOwners.add({ accountsFor: (ids) => orderRepository.accountedAttempts(database.db, ids) });
    documents.keptBy(orderDocuments);
  },
  workers: (queue, { checkout, unpaidOrders }, { database, payments, clock }) =>
    registerPaymentWorkers(queue, { database, payments, clock, checkout, unpaidOrders }),
  routes: async (app, { sessions, checkout, quotes, history, orders, numbers, subLines }, { config }) => {
    await app.register(checkoutRoutes, { prefix: '/api/v1', auth: sessions, checkout, quotes });
    await app.register(paymentWebhookRoutes, { prefix: '/api/v1', checkout });
    await app.register(orderHistoryRoutes, { prefix: '/api/v1', auth: sessions, history });
    await app.register(ordersRoutes, { prefix: '/api/v1', auth: sessions, orders, numbers, quotes });
    await app.register(subLinesRoutes, {
      prefix: '/api/v1',
      auth: sessions,
      subLines,
      authLimit: config.AUTH_RATE_LIMIT_MAX,
    });
  },
});
