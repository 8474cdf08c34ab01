import { CustomerStatus } from './enums.ts';
import { pathFor, type RouteDef, type RouteName, routeByName } from './routes.ts';

/** The parts of the session user that access depends on. */
export interface AccessUser {
  status: number;
  activated: boolean;
  isVerify: boolean;
  isMainLine: boolean;
  type: number;
  enable: boolean;
  roadshow?: boolean;
}

type PermissionEntry = readonly string[];

/**
 * SPEC.md section 6: keyed by the main-line flag, then by status. An entry lists the allowed route
 * names or, when its first item is '*', every route except those listed after it.
 * Sub lines only have an entry for an active line (status 2); every other sub-line status reaches
 * nothing but the '/' entry.
 */
export const PERMISSIONS: Readonly<
  Record<'mainLine' | 'subLine', Readonly<Record<number, PermissionEntry>>>
> = {
  subLine: {
    2: [
      'profile',
      'dashboard',
      'dashboardIndex',
      'local',
      'localDetail',
      'helps',
      'manage',
      'roamingUsage',
      'localIndividual',
      'myProfile',
    ],
  },
  mainLine: {
    // The spec's list, and the customer's past orders: an order rejected or cancelled sends the
    // customer back to status 0, and they must still be able to read why and what was refunded (ADR 0019).
    0: [
      'getStarted',
      'getStartedNoBill',
      'confirmEmail',
      'dashboard',
      'dashboardIndex',
      'manage',
      'myAccount',
      'orders',
      'orderDetail',
    ],
    // The spec's list, and the lines being activated: an eSIM's QR code is emailed, and must open,
    // before the MVNE reports the line live (ADR 0019).
    1: [
      'myAccount',
      'dashboardIndex',
      'dashboard',
      'helps',
      'orders',
      'orderDetail',
      'manage',
      'numberPort',
      'activeSimOnline',
      'simManagement',
      'simManagementDetail',
    ],
    2: ['*', 'confirmEmail', 'resetPassword', 'forgotPassword'],
    3: ['uploadID', 'dashboard', 'dashboardIndex', 'manage'],
  },
};

export function isPermitted(user: AccessUser, routeName: string): boolean {
  const table = PERMISSIONS[user.isMainLine ? 'mainLine' : 'subLine'];
  const entry = table[user.status];
  if (!entry) return routeName === 'dashboard';
  if (entry[0] === '*') return !entry.slice(1).includes(routeName);
  return entry.includes(routeName);
}

/** Whether the route exists at all for this user ("routes added only when ..."). */
export function routeExistsFor(user: AccessUser, route: RouteDef): boolean {
  if (route.needsEnable && !user.enable) return false;
  if (route.needsIndividual && user.type !== 0) return false;
  return true;
}

export type Decision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'login' }
  | { kind: 'noAccess' };

const allow: Decision = { kind: 'allow' };
const to = (name: RouteName): Decision => ({ kind: 'redirect', to: pathFor(name) });

/** Where a customer with this status starts: the target of the '/' entry. */
export function homeFor(user: AccessUser): Decision {
  if (!user.isVerify) return allow; // '/' itself explains how to confirm the email
  if (!user.isMainLine) return user.activated ? to('local') : allow;
  switch (user.status) {
    case CustomerStatus.New:
      return to(user.roadshow ? 'getStartedNoBill' : 'getStarted');
    case CustomerStatus.Ordered:
      return to('myAccount');
    case CustomerStatus.Active:
      return to('local');
    case CustomerStatus.DocumentsRequested:
      return to('uploadID');
    default:
      return allow;
  }
}

/**
 * The guard of SPEC.md section 4 and 6 for one navigation: what happens when `user` (null when
 * there is no valid, unexpired login) opens `route` (undefined for an unknown path).
 */
export function decideNavigation(user: AccessUser | null, route: RouteDef | undefined): Decision {
  if (!route) return to('dashboard');
  if (route.public) return route.name === 'login' && user ? to('dashboard') : allow;
  if (!user) return { kind: 'login' };
  if (!routeExistsFor(user, route)) return to('dashboard');

  const name = route.name;
  const fullyActive = user.activated && user.isVerify;
  if (!user.isVerify || (!fullyActive && !user.isMainLine)) {
    return name === 'dashboard' ? allow : to('dashboard');
  }
  if (name === 'dashboard' || name === 'dashboardIndex') {
    const home = homeFor(user);
    if (home.kind === 'redirect') return home;
  }
  if (user.status === CustomerStatus.New && user.isMainLine) {
    const wizard: RouteName = user.roadshow ? 'getStartedNoBill' : 'getStarted';
    if ((name === 'getStarted' || name === 'getStartedNoBill') && name !== wizard) return to(wizard);
    if (!isPermitted(user, name)) return to(wizard);
  } else if (name === 'getStarted' || name === 'getStartedNoBill') {
    return to('dashboard');
  }
  if (user.status === CustomerStatus.DocumentsRequested && user.isMainLine && !isPermitted(user, name)) {
    return to('uploadID');
  }
  return isPermitted(user, name) ? allow : { kind: 'noAccess' };
}

/** Server side: may this user call an endpoint that serves `routeName`? */
export function mayUseRoute(user: AccessUser, routeName: RouteName): boolean {
  const route = routeByName(routeName);
  if (!routeExistsFor(user, route)) return false;
  if (!user.isVerify) return false;
  if (!user.isMainLine && !user.activated) return false;
  return isPermitted(user, routeName);
}
