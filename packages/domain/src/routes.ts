/**
 * The complete route table of SPEC.md section 2. The web router, the menus, the browser titles,
 * the guards and the API's access checks are all derived from this one list.
 */
export interface RouteDef {
  readonly name: string;
  readonly path: string;
  /** Browser title; routes without one show DEFAULT_TITLE. */
  readonly title?: string;
  /** Reachable without a login (SPEC.md "Routes outside the logged-in shell"). */
  readonly public?: boolean;
  /** Added only when the session user has the enable flag. */
  readonly needsEnable?: boolean;
  /** Added only when the session user is type 0 (individual). */
  readonly needsIndividual?: boolean;
  /** Matches deeper paths too (the spec's "non-exact match"). */
  readonly prefix?: boolean;
}

export const DEFAULT_TITLE = 'Default Page';

export const ROUTES = [
  { name: 'login', path: '/login', title: 'Login', public: true },
  { name: 'forgotPassword', path: '/forgotPassword', title: 'Forgot Password', public: true },
  { name: 'resetPassword', path: '/resetPassword/:token', title: 'Reset Password', public: true },
  { name: 'confirmEmail', path: '/confirmEmail/:token', title: 'Confirm Email', public: true, prefix: true },
  { name: 'activeSimOnline', path: '/activeSimOnline', title: 'Activate SIM Online', public: true },
  { name: 'callback', path: '/callback', public: true },

  { name: 'dashboard', path: '/', title: 'Verify Account' },
  { name: 'uploadID', path: '/uploadID', title: 'Upload ID' },
  { name: 'profile', path: '/profile', title: 'Profile' },
  { name: 'myProfile', path: '/profile/myProfile', title: 'My Profile' },
  { name: 'checkCIS', path: '/profile/checkCIS', title: 'CIS Eligibility Check' },
  { name: 'manage', path: '/manage', title: 'Manage' },
  { name: 'mobileSubLine', path: '/manage/mobileSubLine', title: 'Us', needsIndividual: true },
  {
    name: 'mobileSubLineCreate',
    path: '/manage/mobileSubLine/create',
    title: 'Add Us',
    needsIndividual: true,
  },
  { name: 'addOn', path: '/manage/addOn', title: 'Add-ons' },
  { name: 'policyControl', path: '/manage/policyControl', title: 'Data Rollover' },
  { name: 'numberPort', path: '/manage/numberPort', title: 'Number Porting' },
  { name: 'numberPortEdit', path: '/manage/numberPort/:id/edit', title: 'Edit Number Porting' },
  { name: 'planChange', path: '/manage/planChange', title: 'Change Plan' },
  { name: 'numberChange', path: '/manage/numberChange', title: 'Change Number' },
  { name: 'roaming', path: '/manage/roaming', title: 'Roaming' },
  { name: 'roamingEdit', path: '/manage/roaming/:id/edit', title: 'Edit Roaming' },
  {
    name: 'roamingEditShareable',
    path: '/manage/roaming/:id/editShareable',
    title: 'Edit Shareable Roaming',
  },
  { name: 'simManagement', path: '/manage/simManagement', title: 'SIM Management' },
  { name: 'simManagementDetail', path: '/manage/simManagement/:id/detail', title: 'SIM Detail' },
  { name: 'globalSMS', path: '/manage/globalSMS', title: 'IDD' },
  { name: 'lostSim', path: '/manage/lostSim', title: 'Lost SIM' },
  { name: 'orders', path: '/manage/orders', title: 'Orders' },
  { name: 'orderDetail', path: '/manage/orders/:id', title: 'Order Detail' },
  { name: 'suspension', path: '/manage/suspension', title: 'Suspension' },
  { name: 'suspensionEdit', path: '/manage/suspension/:id/edit', title: 'Edit Suspension' },
  { name: 'internationalCall', path: '/manage/internationalCall', title: 'International Calls and SMS' },
  {
    name: 'internationalCallEdit',
    path: '/manage/internationalCall/:id/edit',
    title: 'Edit International Calls and SMS',
  },
  { name: 'termination', path: '/manage/termination', title: 'Termination' },
  { name: 'dashboardIndex', path: '/dashboard', title: 'Dashboard' },
  { name: 'local', path: '/dashboard/local', title: 'Local Usage' },
  { name: 'localDetail', path: '/dashboard/local/detail', title: 'Local Usage Detail' },
  { name: 'international', path: '/dashboard/international', title: 'International Usage' },
  { name: 'roamingUsage', path: '/dashboard/roamingUsage', title: 'Roaming Usage' },
  { name: 'roamingUsageDetail', path: '/dashboard/roamingUsage/:id/detail', title: 'Roaming Usage Detail' },
  {
    name: 'roamingUsageDetailShareable',
    path: '/dashboard/roamingUsage/:id/detailShareable',
    title: 'Shareable Roaming Usage Detail',
  },
  { name: 'bills', path: '/bills', title: 'Bills' },
  { name: 'billResult', path: '/bills/billResult', title: 'Bill Payment Result' },
  { name: 'helps', path: '/helps', title: 'Help' },
  { name: 'myAccount', path: '/myAccount', title: 'My Account' },
  { name: 'getStarted', path: '/getStarted', title: 'Get Started' },
  { name: 'getStartedNoBill', path: '/getStartedNoBill', title: 'Get Started' },
  { name: 'booster', path: '/manage/booster', title: 'Booster', needsEnable: true },
  { name: 'boosterEdit', path: '/manage/booster/:id/edit', title: 'Edit Booster', needsEnable: true },
  {
    name: 'boosterEditShareable',
    path: '/manage/booster/:id/editShareable',
    title: 'Edit Shareable Booster',
    needsEnable: true,
  },
  {
    name: 'localIndividual',
    path: '/dashboard/localIndividual',
    title: 'Local Usage (Individual Lines)',
    needsIndividual: true,
  },
  {
    name: 'localIndividualDetail',
    path: '/dashboard/localIndividual/:id/detail',
    title: 'Individual Line Usage Detail',
    needsIndividual: true,
  },
  {
    name: 'localIndividualTotal',
    path: '/dashboard/localIndividual/:id/total',
    title: 'Individual Line Usage Total',
    needsIndividual: true,
  },
] as const satisfies readonly RouteDef[];

export type RouteName = (typeof ROUTES)[number]['name'];

export function titleOf(route: RouteDef | undefined): string {
  return route?.title ?? DEFAULT_TITLE;
}

function compile(route: RouteDef): RegExp {
  const body = route.path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body === '' ? '/' : body}${route.prefix ? '(?:/.*)?' : '/?'}$`);
}

/**
 * The route of a table a browser path belongs to, or undefined for an unknown path. The portal's
 * table below and the staff console's (staff-routes.ts) are both matched by it, and linked by
 * `linkTo`, so one router serves both.
 */
export function routeMatcher<R extends RouteDef>(routes: readonly R[]): (pathname: string) => R | undefined {
  const matchers = routes.map((r) => [compile(r), r] as const);
  return (pathname) => matchers.find(([re]) => re.test(pathname))?.[1];
}

/** Links built from a table's routes, found by their name: pathFor('orderDetail', { id: 7 }) → '/manage/orders/7'. */
export const linkTo =
  <N extends string>(route: (name: N) => RouteDef) =>
  (name: N, params: Record<string, string | number> = {}): string =>
    route(name).path.replace(/:(\w+)/g, (_, key: string) => {
      const value = params[key];
      if (value === undefined) throw new Error(`pathFor(${name}) needs ${key}`);
      return encodeURIComponent(String(value));
    });

const BY_NAME = new Map<string, RouteDef>(ROUTES.map((r) => [r.name, r]));

export function routeByName(name: RouteName): RouteDef {
  return BY_NAME.get(name) as RouteDef;
}

/** Builds a link from the table: pathFor('orderDetail', { id: 7 }) → '/manage/orders/7'. */
export const pathFor = linkTo(routeByName);

export const matchRoute: (pathname: string) => RouteDef | undefined = routeMatcher(ROUTES);

/** The values of a route's :params in a path that matches it. */
export function routeParams(route: RouteDef, pathname: string): Record<string, string> {
  const names = route.path.split('/');
  const parts = pathname.split('/');
  const params: Record<string, string> = {};
  names.forEach((seg, i) => {
    if (seg.startsWith(':') && parts[i] !== undefined)
      params[seg.slice(1)] = decodeURIComponent(parts[i] as string);
  });
  return params;
}

/** Pages where the menu is hidden (SPEC.md section 2). */
export const MENU_HIDDEN: ReadonlySet<string> = new Set([
  'getStarted',
  'getStartedNoBill',
  'verification',
  'uploadID',
  'dashboard',
  'login',
  'confirmEmail',
  'forgotPassword',
  'resetPassword',
  'activeSimOnline',
]);

/** On mobile the footer shows only on these pages. */
export const MOBILE_FOOTER: ReadonlySet<string> = new Set([
  'login',
  'forgotPassword',
  'verification',
  'getStarted',
]);

/** Routes that clear the stored login before they show (SPEC.md section 4). */
export const CLEARS_LOGIN: ReadonlySet<string> = new Set(['confirmEmail', 'resetPassword', 'forgotPassword']);
