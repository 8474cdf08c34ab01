import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customer, fakeServer, later, ok, refused, sessionOf } from '../test/fake-server.ts';
import { ApiError, call } from './api.ts';
import { loading } from './loading.ts';
import { navigate } from './router.tsx';
import { session } from './session.ts';

const REFRESH = '/api/v1/auth/refreshToken';

/** A customer signed in with an access token the server no longer takes. */
function signedIn(token = 'expired') {
  session.set(sessionOf(token));
}

beforeEach(() => {
  act(() => navigate('/manage/orders', { replace: true }));
  signedIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a call whose access token ran out', () => {
  it('renews the session once for calls that fail together, and sends each call again with the new token', async () => {
    const server = fakeServer(async (req) => {
      if (req.path === REFRESH) return later(ok(sessionOf('fresh')));
      if (req.authorization !== 'Bearer fresh') return refused(401, 'Unauthorized');
      return ok(req.path === '/api/v1/account' ? { plan: 'VALUE-20' } : [{ orderNumber: 'SC000123' }]);
    });
    const [account, orders] = await Promise.all([call('GET /account'), call('GET /orders')]);
    expect(account.data).toEqual({ plan: 'VALUE-20' });
    expect(orders.data).toEqual([{ orderNumber: 'SC000123' }]);
    expect(server.count('POST', REFRESH)).toBe(1);
    expect(server.count('GET', '/api/v1/account')).toBe(2);
    expect(server.count('GET', '/api/v1/orders')).toBe(2);
    expect(session.get().token).toBe('fresh');
  });

  it('is sent again only once: a second refusal is the answer', async () => {
    const server = fakeServer((req) =>
      req.path === REFRESH ? ok(sessionOf('fresh')) : refused(401, 'You cannot see this line'),
    );
    const err = await call('GET /lines/:id', { params: { id: 'l-9' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, message: 'You cannot see this line' });
    expect(server.count('GET', '/api/v1/lines/l-9')).toBe(2);
    expect(server.count('POST', REFRESH)).toBe(1);
  });

  it('ends the session when it cannot be renewed, and takes the customer to /login', async () => {
    const server = fakeServer((req) =>
      req.path === REFRESH ? refused(401, 'Session expired') : refused(401, 'Unauthorized'),
    );
    const results = await Promise.allSettled([call('GET /account'), call('GET /orders')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(server.count('POST', REFRESH)).toBe(1);
    expect(session.get()).toMatchObject({ user: null, token: null });
    expect(localStorage.getItem('user')).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });

  it('reloads the page when the renewed session comes from a newer build of the portal', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    fakeServer((req) => {
      if (req.path === REFRESH) return ok(sessionOf('fresh', 'build-2'));
      return req.authorization === 'Bearer fresh' ? ok({}) : refused(401, 'Unauthorized');
    });
    await call('GET /account');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('is not renewed when the session ended while it was under way: the page the customer opened stays', async () => {
    act(() => navigate('/resetPassword/abc', { replace: true }));
    const server = fakeServer((req) =>
      req.path === REFRESH ? refused(401, 'Session expired') : later(refused(401, 'Unauthorized')),
    );
    const inbox = call('GET /inbox').catch((e: unknown) => e);
    // A page that starts signed out (a reset link opened while signed in) ends the session meanwhile.
    session.clear();
    expect(await inbox).toMatchObject({ status: 401 });
    expect(server.count('POST', REFRESH)).toBe(0);
    expect(window.location.pathname).toBe('/resetPassword/abc');
  });

  it('is not renewed for the sign-in calls themselves: their refusal is what the customer reads', async () => {
    const server = fakeServer(() => refused(401, 'The email or password is incorrect.'));
    await expect(
      call('POST /auth/login', { body: { email: 'mei@example.com', password: 'x' } }, { anonymous: true }),
    ).rejects.toMatchObject({ status: 401, message: 'The email or password is incorrect.' });
    expect(server.count('POST', REFRESH)).toBe(0);
    expect(session.get().user).toEqual(customer({ exp: session.get().user?.exp }));
  });
});

describe('what a failed call reports', () => {
  it("carries the envelope's message and extra_info, with the field errors by name", async () => {
    fakeServer(() =>
      refused(422, 'Please check the highlighted fields', {
        fields: { postalCode: 'Delivery to this address is not available.' },
      }),
    );
    const err = (await call('POST /auth/resendEmail').catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(422);
    expect(err.message).toBe('Please check the highlighted fields');
    expect(err.fields).toEqual({ postalCode: 'Delivery to this address is not available.' });
  });

  it("says 'Request Failed' with status -1 when no response came at all", async () => {
    fakeServer(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call('GET /account')).rejects.toMatchObject({ status: -1, message: 'Request Failed' });
  });

  it('falls back to the HTTP status text when the answer has no envelope', async () => {
    fakeServer(() => ({ status: 502, statusText: 'Bad Gateway' }));
    const err = (await call('GET /account').catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ status: 502, message: 'Bad Gateway' });
    expect(err.fields).toEqual({});
  });
});

describe('requests', () => {
  it("go to the key's path with its parameters encoded and its query, a JSON body for POST and PUT, and the access token", async () => {
    signedIn('live');
    const server = fakeServer(() => ok({}));
    await call('GET /orders/numbers', { query: { contains: '88', page: 2 } });
    await call('GET /usage/records', { query: { from: '2026-01-01', to: '', line: undefined } });
    await call('DELETE /plan-changes/:id', { params: { id: 'pc 1/2' } });
    await call('POST /cis/checkCIS', { body: { email: 'mei@example.com' } });
    await call('POST /numberPorts/:id/submit', { params: { id: 'p-1' } });
    expect(server.seen.map((r) => [r.method, r.path, r.body, r.contentType])).toEqual([
      ['GET', '/api/v1/orders/numbers?contains=88&page=2', null, null],
      ['GET', '/api/v1/usage/records?from=2026-01-01', null, null],
      ['DELETE', '/api/v1/plan-changes/pc%201%2F2', null, null],
      ['POST', '/api/v1/cis/checkCIS', '{"email":"mei@example.com"}', 'application/json'],
      ['POST', '/api/v1/numberPorts/p-1/submit', '{}', 'application/json'],
    ]);
    expect(new Set(server.seen.map((r) => r.authorization))).toEqual(new Set(['Bearer live']));
  });

  it('show the loading bar while they run, except the silent ones', async () => {
    let during: boolean | undefined;
    fakeServer(() => {
      during = loading.active();
      return ok({});
    });
    await call('GET /account');
    expect(during).toBe(true);
    expect(loading.active()).toBe(false);
    await call('GET /settings', undefined, { silent: true });
    expect(during).toBe(false);
  });
});

describe('the contract', () => {
  it('types each call by its key: a key it does not have, or a missing parameter, does not compile', () => {
    const unsent = () => {
      // @ts-expect-error: no such call
      void call('GET /nowhere');
      // @ts-expect-error: the bill's id is required
      void call('GET /bills/:id');
      // @ts-expect-error: the staff console's calls are not the portal's
      void call('GET /staff/orders');
    };
    expect(unsent).toBeTypeOf('function');
  });
});
