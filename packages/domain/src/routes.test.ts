import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE, matchRoute, pathFor, ROUTES, routeByName, routeParams, titleOf } from './routes.ts';

describe('route table', () => {
  it('holds every route of the spec once, with unique names and paths', () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    const paths = ROUTES.map((r) => r.path);
    for (const p of [
      '/login',
      '/forgotPassword',
      '/resetPassword/:token',
      '/confirmEmail/:token',
      '/activeSimOnline',
      '/callback',
      '/',
      '/uploadID',
      '/profile',
      '/profile/myProfile',
      '/profile/checkCIS',
      '/manage',
      '/manage/mobileSubLine',
      '/manage/mobileSubLine/create',
      '/manage/addOn',
      '/manage/policyControl',
      '/manage/numberPort',
      '/manage/numberPort/:id/edit',
      '/manage/planChange',
      '/manage/numberChange',
      '/manage/roaming',
      '/manage/roaming/:id/edit',
      '/manage/roaming/:id/editShareable',
      '/manage/simManagement',
      '/manage/simManagement/:id/detail',
      '/manage/globalSMS',
      '/manage/lostSim',
      '/manage/orders',
      '/manage/orders/:id',
      '/manage/suspension',
      '/manage/suspension/:id/edit',
      '/manage/internationalCall',
      '/manage/internationalCall/:id/edit',
      '/manage/termination',
      '/dashboard',
      '/dashboard/local',
      '/dashboard/local/detail',
      '/dashboard/international',
      '/dashboard/roamingUsage',
      '/dashboard/roamingUsage/:id/detail',
      '/dashboard/roamingUsage/:id/detailShareable',
      '/bills',
      '/bills/billResult',
      '/helps',
      '/myAccount',
      '/getStarted',
      '/getStartedNoBill',
      '/manage/booster',
      '/manage/booster/:id/edit',
      '/manage/booster/:id/editShareable',
      '/dashboard/localIndividual',
      '/dashboard/localIndividual/:id/detail',
      '/dashboard/localIndividual/:id/total',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('uses the titles the spec gives and the default for routes without one', () => {
    expect(titleOf(routeByName('dashboard'))).toBe('Verify Account');
    expect(titleOf(routeByName('checkCIS'))).toBe('CIS Eligibility Check');
    expect(titleOf(routeByName('callback'))).toBe(DEFAULT_TITLE);
    expect(DEFAULT_TITLE).toBe('Default Page');
  });

  it('matches browser paths to routes, confirmEmail by prefix', () => {
    expect(matchRoute('/')?.name).toBe('dashboard');
    expect(matchRoute('/manage/orders/12')?.name).toBe('orderDetail');
    expect(matchRoute('/manage/orders/')?.name).toBe('orders');
    expect(matchRoute('/confirmEmail/abc')?.name).toBe('confirmEmail');
    expect(matchRoute('/confirmEmail/abc/extra')?.name).toBe('confirmEmail');
    expect(matchRoute('/resetPassword/abc/extra')).toBeUndefined();
    expect(matchRoute('/nowhere')).toBeUndefined();
  });

  it('reads the parameters of a matched path', () => {
    expect(routeParams(routeByName('orderDetail'), '/manage/orders/42')).toEqual({ id: '42' });
    expect(routeParams(routeByName('confirmEmail'), '/confirmEmail/abc/rest')).toEqual({ token: 'abc' });
  });

  it('builds links from the table and refuses missing parameters', () => {
    expect(pathFor('orderDetail', { id: 7 })).toBe('/manage/orders/7');
    expect(pathFor('confirmEmail', { token: 'a/b' })).toBe('/confirmEmail/a%2Fb');
    expect(() => pathFor('orderDetail')).toThrow(/needs id/);
  });
});
