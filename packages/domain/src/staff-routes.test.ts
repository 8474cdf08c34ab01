import { describe, expect, it } from 'vitest';
import { matchRoute, routeParams, titleOf } from './routes.ts';
import { matchStaffRoute, STAFF_ROUTES, staffPathFor } from './staff-routes.ts';

const ID = '0b6c1c8e-52a4-4c1e-9d0e-3f1f3c1b2a10';

describe('the staff console in the route table', () => {
  it('keeps every console URL as it was, each to its page and title', () => {
    const pages: [string, string, string][] = [
      ['/staff/login', 'staffLogin', 'Staff sign-in'],
      ['/staff', 'staffQueue', 'Order queue'],
      ['/staff/', 'staffQueue', 'Order queue'],
      [`/staff/orders/${ID}`, 'staffOrder', 'Order'],
      ['/staff/stock', 'staffStock', 'SIM stock'],
      ['/staff/replacements', 'staffReplacements', 'SIM replacements'],
      [`/staff/customers/${ID}/billing`, 'staffBilling', 'Bills'],
      [`/staff/customers/${ID}/lines`, 'staffLines', 'Lines'],
      ['/staff/account-deletions', 'staffAccountDeletions', 'Account closures'],
      ['/staff/payments', 'staffPayments', 'Unmatched payments'],
    ];
    for (const [path, name, title] of pages) {
      const route = matchStaffRoute(path);
      expect(route?.name, path).toBe(name);
      expect(titleOf(route)).toBe(title);
    }
    expect(new Set(STAFF_ROUTES.map((r) => r.name)).size).toBe(STAFF_ROUTES.length);
    expect(new Set(STAFF_ROUTES.map((r) => r.path)).size).toBe(STAFF_ROUTES.length);
  });

  it('opens only the sign-in page without a staff session', () => {
    expect(STAFF_ROUTES.filter((r) => 'public' in r && r.public).map((r) => r.name)).toEqual(['staffLogin']);
  });

  it('knows no other path, and none of the portal’s, nor the portal any of its', () => {
    for (const path of [
      '/staff/nowhere',
      '/staff/orders',
      `/staff/customers/${ID}`,
      '/login',
      '/manage/orders',
    ])
      expect(matchStaffRoute(path), path).toBeUndefined();
    for (const r of STAFF_ROUTES)
      expect(matchRoute(staffPathFor(r.name, { id: ID })), r.path).toBeUndefined();
  });

  it('builds the console links the pages use, and reads their parameters back', () => {
    expect(staffPathFor('staffQueue')).toBe('/staff');
    expect(staffPathFor('staffOrder', { id: ID })).toBe(`/staff/orders/${ID}`);
    expect(staffPathFor('staffBilling', { id: ID })).toBe(`/staff/customers/${ID}/billing`);
    expect(staffPathFor('staffLines', { id: ID })).toBe(`/staff/customers/${ID}/lines`);
    expect(() => staffPathFor('staffOrder')).toThrow(/needs id/);
    const lines = `/staff/customers/${ID}/lines`;
    const route = matchStaffRoute(lines);
    expect(route && routeParams(route, lines)).toEqual({ id: ID });
  });
});
