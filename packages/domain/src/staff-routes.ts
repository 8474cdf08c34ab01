import { linkTo, type RouteDef, routeMatcher } from './routes.ts';

/**
 * The staff console's pages, declared as the portal's are (routes.ts) and matched and linked by the
 * same code. They are a table of their own, in a module of their own, because the console is a
 * bundle of its own (staff.html): customers download none of it, these entries included. `public`
 * is the sign-in page, the one page open without a staff session.
 */
export const STAFF_ROUTES = [
  { name: 'staffLogin', path: '/staff/login', title: 'Staff sign-in', public: true },
  { name: 'staffQueue', path: '/staff', title: 'Order queue' },
  { name: 'staffOrder', path: '/staff/orders/:id', title: 'Order' },
  { name: 'staffStock', path: '/staff/stock', title: 'SIM stock' },
  { name: 'staffReplacements', path: '/staff/replacements', title: 'SIM replacements' },
  { name: 'staffBilling', path: '/staff/customers/:id/billing', title: 'Bills' },
  { name: 'staffLines', path: '/staff/customers/:id/lines', title: 'Lines' },
  { name: 'staffAccountDeletions', path: '/staff/account-deletions', title: 'Account closures' },
  { name: 'staffPayments', path: '/staff/payments', title: 'Unmatched payments' },
  { name: 'staffCatalog', path: '/staff/catalog', title: 'Catalog texts' },
  { name: 'staffPasskeys', path: '/staff/passkeys', title: 'Your passkeys' },
] as const satisfies readonly RouteDef[];

export type StaffRoute = (typeof STAFF_ROUTES)[number] & RouteDef;
export type StaffRouteName = StaffRoute['name'];

const BY_NAME = new Map<string, StaffRoute>(STAFF_ROUTES.map((r) => [r.name, r]));

/** Builds a console link: staffPathFor('staffOrder', { id }) → '/staff/orders/{id}'. */
export const staffPathFor = linkTo((name: StaffRouteName) => BY_NAME.get(name) as StaffRoute);

/** The console page a path under /staff belongs to, or undefined. */
export const matchStaffRoute = routeMatcher<StaffRoute>(STAFF_ROUTES);
