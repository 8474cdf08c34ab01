import { defineModule } from '../../module.ts';
import { checkoutRoutes, paymentWebhookRoutes } from './checkout.routes.ts';
import { CheckoutService } from './checkout.service.ts';
import { orderJobs } from './order.jobs.ts';
import { orderHistoryRoutes } from './order-history.routes.ts';
import { OrderHistoryService } from './order-history.service.ts';
import { ordersRoutes } from './orders.routes.ts';
import { OrdersService } from './orders.service.ts';
import { paymentJobs, registerPaymentWorkers } from './payment.jobs.ts';

export { draftRepository } from './draft.repository.ts';
export { createInMvneJob } from './order.jobs.ts';
export { type OrderRow, orderRecords } from './order-records.ts';
export { requireOrdering } from './orders.service.ts';
export { refundJob } from './payment.jobs.ts';
export type { CheckoutService, OrderHistoryService, OrdersService };

declare module '../../module.ts' {
  interface Services {
    history: OrderHistoryService;
    checkout: CheckoutService;
    orders: OrdersService;
  }
}

/** The order wizard, checkout and payment, the hand-over to the MVNE, and the customer's past orders. */
export const ordersModule = defineModule({
  name: 'orders',
  jobs: [...orderJobs, ...paymentJobs],
  services: (
    { database, clock, queue, mvne, payments, address, throttle, config, fees },
    { catalog, accounts, porting, documents },
  ) => ({
    history: new OrderHistoryService(database, fees),
    checkout: new CheckoutService({
      database,
      clock,
      catalog,
      payments,
      queue,
      statuses: accounts,
      porting,
      publicUrl: config.PUBLIC_URL,
      webhookSecret: config.PAYMENTS_WEBHOOK_SECRET,
    }),
    orders: new OrdersService({
      database,
      clock,
      catalog,
      mvne,
      documents,
      address,
      holdMinutes: config.NUMBER_HOLD_MINUTES,
      statuses: accounts,
      throttle,
    }),
  }),
  workers: (queue, { checkout }, { database, payments, clock }) =>
    registerPaymentWorkers(queue, { database, payments, clock, checkout }),
  routes: async (app, { sessions, checkout, history, orders }) => {
    await app.register(checkoutRoutes, { prefix: '/api/v1', auth: sessions, checkout });
    await app.register(paymentWebhookRoutes, { prefix: '/api/v1', checkout });
    await app.register(orderHistoryRoutes, { prefix: '/api/v1', auth: sessions, history });
    await app.register(ordersRoutes, { prefix: '/api/v1', auth: sessions, orders });
  },
});
