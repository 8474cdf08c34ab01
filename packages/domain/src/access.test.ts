import { describe, expect, it } from 'vitest';
import { type AccessUser, decideNavigation, isPermitted, mayUseRoute, routeExistsFor } from './access.ts';
import { manageServicesFor, menuFor } from './menu.ts';
import { matchRoute, ROUTES } from './routes.ts';

const user = (over: Partial<AccessUser> = {}): AccessUser => ({
  status: 2,
  activated: true,
  isVerify: true,
  isMainLine: true,
  type: 0,
  enable: false,
  roadshow: false,
  ...over,
});
const go = (u: AccessUser | null, path: string) => decideNavigation(u, matchRoute(path));

describe('navigation guard', () => {
  it('lets anyone reach the routes outside the shell', () => {
    for (const p of [
      '/forgotPassword',
      '/resetPassword/x',
      '/confirmEmail/x',
      '/activeSimOnline',
      '/callback',
    ]) {
      expect(go(null, p)).toEqual({ kind: 'allow' });
    }
    expect(go(null, '/login')).toEqual({ kind: 'allow' });
  });

  it('sends visitors without a valid login to /login', () => {
    expect(go(null, '/')).toEqual({ kind: 'login' });
    expect(go(null, '/bills')).toEqual({ kind: 'login' });
  });

  it('sends a logged-in user away from /login and unknown paths to /', () => {
    expect(go(user(), '/login')).toEqual({ kind: 'redirect', to: '/' });
    expect(go(user(), '/no/such/page')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('keeps a customer whose email is unconfirmed on the Verify Account entry', () => {
    const u = user({ status: 0, isVerify: false, activated: false });
    expect(go(u, '/')).toEqual({ kind: 'allow' });
    expect(go(u, '/getStarted')).toEqual({ kind: 'redirect', to: '/' });
    expect(go(u, '/bills')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends status 0 to the order wizard, roadshow customers to the one without billing', () => {
    const u = user({ status: 0, activated: false });
    expect(go(u, '/')).toEqual({ kind: 'redirect', to: '/getStarted' });
    expect(go(u, '/getStarted')).toEqual({ kind: 'allow' });
    expect(go(u, '/bills')).toEqual({ kind: 'redirect', to: '/getStarted' });
    const r = user({ status: 0, activated: false, roadshow: true });
    expect(go(r, '/')).toEqual({ kind: 'redirect', to: '/getStartedNoBill' });
    expect(go(r, '/getStarted')).toEqual({ kind: 'redirect', to: '/getStartedNoBill' });
    expect(go(r, '/getStartedNoBill')).toEqual({ kind: 'allow' });
  });

  it('sends a non-zero status away from the wizard', () => {
    for (const status of [1, 2, 3]) {
      expect(go(user({ status }), '/getStarted')).toEqual({ kind: 'redirect', to: '/' });
      expect(go(user({ status }), '/getStartedNoBill')).toEqual({ kind: 'redirect', to: '/' });
    }
  });

  it('lands status 1 on /myAccount, status 2 on /dashboard/local and status 3 on /uploadID', () => {
    expect(go(user({ status: 1, activated: false }), '/')).toEqual({ kind: 'redirect', to: '/myAccount' });
    expect(go(user({ status: 1, activated: false }), '/dashboard')).toEqual({
      kind: 'redirect',
      to: '/myAccount',
    });
    expect(go(user({ status: 2 }), '/')).toEqual({ kind: 'redirect', to: '/dashboard/local' });
    expect(go(user({ status: 3, activated: false }), '/')).toEqual({ kind: 'redirect', to: '/uploadID' });
    expect(go(user({ status: 3, activated: false }), '/bills')).toEqual({
      kind: 'redirect',
      to: '/uploadID',
    });
    expect(go(user({ status: 3, activated: false }), '/uploadID')).toEqual({ kind: 'allow' });
  });

  it('shows the no-access page for a route the status does not permit', () => {
    expect(go(user({ status: 1, activated: false }), '/bills')).toEqual({ kind: 'noAccess' });
    expect(go(user({ status: 1, activated: false }), '/manage/orders')).toEqual({ kind: 'allow' });
    expect(go(user({ status: 2 }), '/bills')).toEqual({ kind: 'allow' });
  });

  it('lets a customer back at status 0 read their past orders, and still starts them on the wizard', () => {
    const u = user({ status: 0, activated: false });
    expect(go(u, '/')).toEqual({ kind: 'redirect', to: '/getStarted' });
    for (const p of ['/myAccount', '/manage/orders', '/manage/orders/7'])
      expect(go(u, p)).toEqual({ kind: 'allow' });
    expect(go(u, '/manage/simManagement')).toEqual({ kind: 'redirect', to: '/getStarted' });
    expect(go(user({ status: 0, activated: false, roadshow: true }), '/manage/orders/7')).toEqual({
      kind: 'allow',
    });
    for (const route of ['myAccount', 'orders', 'orderDetail'] as const)
      expect(mayUseRoute(u, route)).toBe(true);
  });

  it('lets a customer whose order is being activated open their lines (the emailed eSIM page)', () => {
    const u = user({ status: 1, activated: false });
    expect(go(u, '/manage/simManagement')).toEqual({ kind: 'allow' });
    expect(go(u, '/manage/simManagement/5/detail')).toEqual({ kind: 'allow' });
    expect(mayUseRoute(u, 'simManagementDetail')).toBe(true);
    expect(go(u, '/manage/suspension')).toEqual({ kind: 'noAccess' });
    expect(go(user({ status: 3, activated: false }), '/manage/simManagement')).toEqual({
      kind: 'redirect',
      to: '/uploadID',
    });
  });

  it('keeps sub-line users to the dashboard pages of their table', () => {
    const sub = user({ isMainLine: false });
    expect(go(sub, '/')).toEqual({ kind: 'redirect', to: '/dashboard/local' });
    expect(go(sub, '/dashboard/local')).toEqual({ kind: 'allow' });
    expect(go(sub, '/dashboard/roamingUsage')).toEqual({ kind: 'allow' });
    for (const p of ['/bills', '/myAccount', '/manage/mobileSubLine', '/manage/suspension']) {
      expect(go(sub, p)).toEqual({ kind: 'noAccess' });
    }
    const inactiveSub = user({ isMainLine: false, activated: false });
    expect(go(inactiveSub, '/')).toEqual({ kind: 'allow' });
    expect(go(inactiveSub, '/dashboard/local')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('adds booster routes only with the enable flag and individual-line usage only for type 0', () => {
    expect(go(user({ enable: false }), '/manage/booster')).toEqual({ kind: 'redirect', to: '/' });
    expect(go(user({ enable: true }), '/manage/booster/3/edit')).toEqual({ kind: 'allow' });
    expect(go(user({ type: 1 }), '/dashboard/localIndividual')).toEqual({ kind: 'redirect', to: '/' });
    expect(go(user({ type: 0 }), '/dashboard/localIndividual/4/total')).toEqual({ kind: 'allow' });
  });
});

describe('permission tables', () => {
  it("treats '*' as every route except those listed", () => {
    const active = user();
    const allowed = ROUTES.filter((r) => isPermitted(active, r.name)).map((r) => r.name);
    expect(allowed).not.toContain('confirmEmail');
    expect(allowed).not.toContain('resetPassword');
    expect(allowed).not.toContain('forgotPassword');
    expect(allowed).toContain('bills');
    expect(allowed).toContain('termination');
  });

  it('refuses API use of a route the status does not allow', () => {
    expect(mayUseRoute(user({ status: 1 }), 'myAccount')).toBe(true);
    expect(mayUseRoute(user({ status: 0 }), 'bills')).toBe(false);
    expect(mayUseRoute(user({ status: 3 }), 'myAccount')).toBe(false);
    expect(mayUseRoute(user({ isMainLine: false }), 'myAccount')).toBe(false);
    expect(mayUseRoute(user({ isVerify: false }), 'myAccount')).toBe(false);
  });
});

describe('menu', () => {
  const titles = (u: AccessUser) => menuFor(u).flatMap((m) => [m.title, ...m.childs.map((c) => c.title)]);

  it("shows 'Us' and individual-line usage only for type 0, Booster only with enable", () => {
    expect(titles(user({ type: 0 }))).toEqual(
      expect.arrayContaining(['Us', 'Local Usage (Individual Lines)']),
    );
    expect(titles(user({ type: 1 }))).not.toContain('Us');
    expect(titles(user({ type: 1 }))).not.toContain('Local Usage (Individual Lines)');
    expect(titles(user({ enable: false }))).not.toContain('Booster');
    expect(titles(user({ enable: true }))).toContain('Booster');
  });

  it('gives every item the fields the spec names', () => {
    for (const item of menuFor(user({ enable: true }))) {
      expect(Object.keys(item).sort()).toEqual([
        'childs',
        'description',
        'icon',
        'id',
        'link',
        'title',
        'value',
      ]);
    }
  });

  it('shows a sub-line user only what their table allows', () => {
    const menu = menuFor(user({ isMainLine: false }));
    expect(menu.map((m) => m.id)).toEqual(['profile', 'dashboardIndex']);
  });
});

describe('menu reaches every page', () => {
  /** The section pages (two path segments, no parameter) a user may open under /manage and /dashboard. */
  const sectionPages = (u: AccessUser) =>
    ROUTES.filter((r) => /^\/(manage|dashboard)\/[A-Za-z]+$/.test(r.path))
      .filter((r) => mayUseRoute(u, r.name) && routeExistsFor(u, r))
      .map((r) => r.path);
  /** What a desktop user can click: the menu's links, and the /manage hub's when the menu links to it. */
  const reachable = (u: AccessUser) => {
    const links = menuFor(u).flatMap((m) => [m.link, ...m.childs.map((c) => c.link)]);
    return links.includes('/manage') ? [...links, ...manageServicesFor(u).map((s) => s.link)] : links;
  };

  it.each([
    ['an active individual with Booster', user({ enable: true })],
    ['an active corporate customer', user({ type: 1 })],
    ['a customer whose lines are being activated', user({ status: 1 })],
  ])('lets %s reach every page of Manage and of the usage dashboard', (_, u) => {
    const pages = sectionPages(u);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.filter((p) => !reachable(u).includes(p))).toEqual([]);
  });

  it('ends the Manage menu with the /manage hub, and lists International Usage under the usage menu', () => {
    const manage = menuFor(user()).find((m) => m.id === 'manage');
    expect(manage?.childs.at(-1)).toMatchObject({
      id: 'manageAll',
      title: 'All of Manage…',
      link: '/manage',
    });
    const usage = menuFor(user()).find((m) => m.id === 'dashboardIndex');
    expect(usage?.childs.map((c) => c.title)).toContain('International Usage');
  });

  it('keeps the hub off the /manage page itself and out of a menu with nothing else in it', () => {
    expect(manageServicesFor(user()).map((s) => s.link)).not.toContain('/manage');
    expect(menuFor(user({ isMainLine: false })).map((m) => m.id)).not.toContain('manage');
  });
});

describe('/manage (index)', () => {
  const ids = (u: AccessUser) => manageServicesFor(u).map((s) => s.id);

  it("lists the menu's Manage items, then the service pages the menu leaves out", () => {
    const all = ids(user({ enable: true }));
    expect(all.slice(0, 3)).toEqual(['mobileSubLine', 'booster', 'numberPort']);
    expect(all).toEqual(
      expect.arrayContaining(['suspension', 'internationalCall', 'addOn', 'lostSim', 'termination']),
    );
  });

  it('leaves out what the user may not use', () => {
    expect(ids(user({ type: 1 }))).not.toContain('mobileSubLine');
    expect(ids(user({ enable: false }))).not.toContain('booster');
    expect(ids(user({ isMainLine: false }))).toEqual([]);
  });
});
