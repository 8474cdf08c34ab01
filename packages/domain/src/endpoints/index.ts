import { accountDeletionEndpoints } from './account-deletion.ts';
import { accountExportEndpoints } from './account-export.ts';
import { authEndpoints } from './auth.ts';
import { billingEndpoints } from './billing.ts';
import { checkoutEndpoints } from './checkout.ts';
import { cisEndpoints } from './cis.ts';
import { documentsEndpoints } from './documents.ts';
import type { Method } from './endpoint.ts';
import { inboxEndpoints } from './inbox.ts';
import { lineServicesEndpoints } from './line-services.ts';
import { linesEndpoints } from './lines.ts';
import { lostSimsEndpoints } from './lost-sims.ts';
import { mvneWebhookEndpoints } from './mvne-webhook.ts';
import { myinfoEndpoints } from './myinfo.ts';
import { myinfoCisEndpoints } from './myinfo-cis.ts';
import { numberChangesEndpoints } from './number-changes.ts';
import { onlineActivationEndpoints } from './online-activation.ts';
import { orderHistoryEndpoints } from './order-history.ts';
import { ordersEndpoints } from './orders.ts';
import { planChangesEndpoints } from './plan-changes.ts';
import { productsEndpoints } from './products.ts';
import { profileEndpoints } from './profile.ts';
import { pushEndpoints } from './push.ts';
import { simStockEndpoints } from './sim-stock.ts';
import { staffAuthEndpoints } from './staff-auth.ts';
import { staffBillingEndpoints } from './staff-billing.ts';
import { staffCatalogEndpoints } from './staff-catalog.ts';
import { staffOrderActionsEndpoints } from './staff-order-actions.ts';
import { staffOrdersEndpoints } from './staff-orders.ts';
import { staffReplacementsEndpoints } from './staff-replacements.ts';
import { subLinesEndpoints } from './sub-lines.ts';
import { systemEndpoints } from './system.ts';
import { terminationsEndpoints } from './terminations.ts';
import { usageEndpoints } from './usage.ts';
import { usersEndpoints } from './users.ts';

export type { CallArgs, CallInput, CallResponse, Endpoint, Method, PathOf, PathParams } from './endpoint.ts';
export { CLOCK_MAX_STEP_SECONDS } from './system.ts';

/** Each area's calls; no key is in two of them (a test checks). */
export const endpointAreas = {
  accountDeletionEndpoints,
  accountExportEndpoints,
  authEndpoints,
  billingEndpoints,
  checkoutEndpoints,
  cisEndpoints,
  documentsEndpoints,
  inboxEndpoints,
  pushEndpoints,
  lineServicesEndpoints,
  linesEndpoints,
  lostSimsEndpoints,
  mvneWebhookEndpoints,
  myinfoCisEndpoints,
  myinfoEndpoints,
  numberChangesEndpoints,
  onlineActivationEndpoints,
  orderHistoryEndpoints,
  ordersEndpoints,
  planChangesEndpoints,
  productsEndpoints,
  profileEndpoints,
  simStockEndpoints,
  staffAuthEndpoints,
  staffBillingEndpoints,
  staffCatalogEndpoints,
  staffOrderActionsEndpoints,
  staffOrdersEndpoints,
  staffReplacementsEndpoints,
  subLinesEndpoints,
  systemEndpoints,
  terminationsEndpoints,
  usageEndpoints,
  usersEndpoints,
};

/**
 * Every call of the API, keyed `'<METHOD> <path under /api/v1>'` (ADR 0044): the API registers each
 * handler by its key, and the web derives its calls' arguments and answers from it, as types only.
 */
export const endpoints = {
  ...accountDeletionEndpoints,
  ...accountExportEndpoints,
  ...authEndpoints,
  ...billingEndpoints,
  ...checkoutEndpoints,
  ...cisEndpoints,
  ...documentsEndpoints,
  ...inboxEndpoints,
  ...pushEndpoints,
  ...lineServicesEndpoints,
  ...linesEndpoints,
  ...lostSimsEndpoints,
  ...mvneWebhookEndpoints,
  ...myinfoCisEndpoints,
  ...myinfoEndpoints,
  ...numberChangesEndpoints,
  ...onlineActivationEndpoints,
  ...orderHistoryEndpoints,
  ...ordersEndpoints,
  ...planChangesEndpoints,
  ...productsEndpoints,
  ...profileEndpoints,
  ...simStockEndpoints,
  ...staffAuthEndpoints,
  ...staffBillingEndpoints,
  ...staffCatalogEndpoints,
  ...staffOrderActionsEndpoints,
  ...staffOrdersEndpoints,
  ...staffReplacementsEndpoints,
  ...subLinesEndpoints,
  ...systemEndpoints,
  ...terminationsEndpoints,
  ...usageEndpoints,
  ...usersEndpoints,
};

export type Endpoints = typeof endpoints;
export type EndpointKey = keyof Endpoints;
/** The staff console's calls, under /staff. */
export type StaffKey = Extract<EndpointKey, `${Method} /staff/${string}`>;
/** The customer portal's calls: every other. */
export type CustomerKey = Exclude<EndpointKey, StaffKey>;
