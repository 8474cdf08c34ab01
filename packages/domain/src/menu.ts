import { type AccessUser, isPermitted, routeExistsFor } from './access.ts';
import { pathFor, type RouteName, routeByName } from './routes.ts';

/** A menu item as SPEC.md section 3 describes it. */
export interface MenuItem {
  id: string;
  title: string;
  link: string;
  value: string;
  description: string;
  icon: string;
  childs: MenuItem[];
}

interface MenuSpec {
  route: RouteName;
  /** When the item's id is not its route's name (the hub link shares its parent's route). */
  id?: string;
  title?: string;
  description: string;
  icon: string;
  /** Shown to individual (type 0) customers only. */
  individualOnly?: boolean;
  /** A link to the section's own index page: shown only beside at least one other item. */
  hub?: boolean;
  childs?: MenuSpec[];
}

const MENU: MenuSpec[] = [
  {
    route: 'profile',
    description: 'Your details and corporate scheme',
    icon: 'user',
    childs: [
      { route: 'myProfile', description: 'Personal details, consents and card', icon: 'id' },
      { route: 'checkCIS', description: 'Check corporate scheme eligibility', icon: 'building' },
    ],
  },
  {
    route: 'manage',
    description: 'Lines, plans and services',
    icon: 'settings',
    childs: [
      { route: 'mobileSubLine', description: 'Additional lines', icon: 'users', individualOnly: true },
      { route: 'booster', description: 'Extra data for 30 days or monthly', icon: 'bolt' },
      { route: 'numberPort', description: 'Bring your number', icon: 'transfer' },
      { route: 'numberChange', description: 'Get a new number', icon: 'replace' },
      { route: 'planChange', description: 'Move to another plan', icon: 'switch' },
      { route: 'roaming', description: 'Roaming packs', icon: 'plane' },
      { route: 'globalSMS', description: 'International calls and SMS', icon: 'globe' },
      { route: 'simManagement', description: 'SIM cards and eSIM profiles', icon: 'sim' },
      { route: 'suspension', description: 'Suspend your service', icon: 'pause' },
      {
        route: 'internationalCall',
        description: 'Bar international calls and SMS, each way',
        icon: 'shield',
      },
      // The spec's ten items stay as they are; the pages it leaves out are reached through /manage.
      {
        route: 'manage',
        id: 'manageAll',
        title: 'All of Manage…',
        description: 'Add-ons, orders, lost SIM and more',
        icon: 'settings',
        hub: true,
      },
    ],
  },
  {
    route: 'dashboardIndex',
    description: 'Usage at home and abroad',
    icon: 'chart',
    childs: [
      { route: 'local', description: 'Data, talk time and SMS in Singapore', icon: 'chart' },
      { route: 'localIndividual', description: 'Usage of each line', icon: 'users' },
      { route: 'roamingUsage', description: 'Usage abroad', icon: 'plane' },
      { route: 'international', description: 'Calls and SMS abroad', icon: 'globe' },
    ],
  },
  { route: 'bills', description: 'Bills and payments', icon: 'receipt' },
];

function build(spec: MenuSpec, user: AccessUser): MenuItem | null {
  const route = routeByName(spec.route);
  if (!routeExistsFor(user, route) || !isPermitted(user, spec.route)) return null;
  if (spec.individualOnly && user.type !== 0) return null;
  const allowed = (spec.childs ?? []).filter((c) => build(c, user) !== null);
  // A section whose only item would be its own index has nothing to show.
  if (spec.childs && allowed.every((c) => c.hub)) return null;
  return {
    id: spec.id ?? spec.route,
    title: spec.title ?? route.title ?? spec.route,
    link: pathFor(spec.route),
    value: spec.route,
    description: spec.description,
    icon: spec.icon,
    childs: allowed.map((c) => build(c, user)).filter((c): c is MenuItem => c !== null),
  };
}

/** The menu a user sees: items whose route exists for them and that their access table allows. */
export function menuFor(user: AccessUser): MenuItem[] {
  return MENU.map((m) => build(m, user)).filter((m): m is MenuItem => m !== null);
}

/** The manage pages the menu does not list, which /manage lists beside its items. */
const MORE_MANAGE: MenuSpec[] = [
  { route: 'addOn', description: 'Monthly add-ons such as voicemail', icon: 'plus' },
  { route: 'policyControl', description: 'Data rollover and stopping data at the limit', icon: 'settings' },
  { route: 'orders', description: 'Your orders and their status', icon: 'receipt' },
  { route: 'lostSim', description: 'Block a lost SIM and get a new one', icon: 'sim' },
  { route: 'termination', description: 'End a line or the account', icon: 'pause' },
];

/** /manage (index): every service page the user may use, the menu's Manage items first. */
export function manageServicesFor(user: AccessUser): MenuItem[] {
  const fromMenu = (MENU.find((m) => m.route === 'manage')?.childs ?? []).filter((c) => !c.hub);
  return [...fromMenu, ...MORE_MANAGE].map((c) => build(c, user)).filter((c): c is MenuItem => c !== null);
}

/**
 * Every item's words in English, the source the pages' catalogs translate (ADR 0055): its
 * description by id, and the titles of items whose title is not their page's.
 */
export const MENU_TEXTS: Readonly<{ descriptions: Record<string, string>; titles: Record<string, string> }> =
  (() => {
    const all = (specs: MenuSpec[]): MenuSpec[] => specs.flatMap((m) => [m, ...all(m.childs ?? [])]);
    const specs = [...all(MENU), ...MORE_MANAGE];
    return {
      descriptions: Object.fromEntries(specs.map((m) => [m.id ?? m.route, m.description])),
      titles: Object.fromEntries(specs.flatMap((m) => (m.title ? [[m.id ?? m.route, m.title]] : []))),
    };
  })();

/** Desktop sub-menus break into a new column every four items. */
export const SUBMENU_COLUMN_SIZE = 4;
