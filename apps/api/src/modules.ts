import type { ApiModule } from './module.ts';
import { authModule } from './modules/auth/index.ts';
import { billingModule } from './modules/billing/index.ts';
import { catalogModule } from './modules/catalog/index.ts';
import { cisModule } from './modules/cis/index.ts';
import { documentsModule } from './modules/documents/index.ts';
import { fulfilmentModule } from './modules/fulfilment/index.ts';
import { linesModule } from './modules/lines/index.ts';
import { myinfoModule } from './modules/myinfo/index.ts';
import { notificationsModule } from './modules/notifications/index.ts';
import { ordersModule } from './modules/orders/index.ts';
import { productsModule } from './modules/products/index.ts';
import { profilesModule } from './modules/profiles/index.ts';
import { staffModule } from './modules/staff/index.ts';
import { systemModule } from './modules/system/index.ts';
import { usageModule } from './modules/usage/index.ts';
import { usersModule } from './modules/users/index.ts';

/**
 * Every module of the API, in the order their services are built: a module may use the services of
 * those above it. Adding a capability is its folder under modules/ and one line here.
 */
export const MODULES: readonly ApiModule[] = [
  notificationsModule,
  catalogModule,
  documentsModule,
  authModule,
  staffModule,
  billingModule,
  cisModule,
  myinfoModule,
  linesModule,
  productsModule,
  fulfilmentModule,
  profilesModule,
  ordersModule,
  usageModule,
  usersModule,
  systemModule,
];
