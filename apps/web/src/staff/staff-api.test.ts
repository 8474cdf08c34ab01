import type { StaffSession } from '@selfcare/domain/contracts/staff';
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { navigate } from '../lib/router.tsx';
import { fakeServer, later, ok, refused } from '../test/fake-server.ts';
import {
  onStaffChange,
  staffBlobUrl,
  staffCall,
  staffLogin,
  staffLogout,
  staffSession,
} from './staff-api.ts';

const REFRESH = '/api/v1/staff/auth/refresh';
const agent = (token: string): StaffSession => ({
  token,
  exp: Math.floor(Date.now() / 1000) + 600,
  staff: { id: 's-1', email: 'agent@example.com', name: 'Priya Nair', role: 'agent' },
});

beforeEach(() => {
  act(() => navigate('/staff/orders', { replace: true }));
  staffSession.start(agent('expired'));
});
afterEach(() => {
  staffSession.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a staff call whose access token ran out', () => {
  it('renews once for calls that fail together, and sends each again with the new token', async () => {
    const server = fakeServer(async (req) => {
      if (req.path === REFRESH) return later(ok(agent('fresh')));
      if (req.authorization !== 'Bearer fresh') return refused(401, 'Unauthorized');
      return ok({ path: req.path });
    });
    const [queue, order] = await Promise.all([
      staffCall('GET /staff/orders'),
      staffCall('GET /staff/orders/:id', { params: { id: 'o-1' } }),
    ]);
    expect(queue.data).toEqual({ path: '/api/v1/staff/orders' });
    expect(order.data).toEqual({ path: '/api/v1/staff/orders/o-1' });
    expect(server.count('POST', REFRESH)).toBe(1);
    expect(server.count('GET', '/api/v1/staff/orders')).toBe(2);
    expect(staffSession.get().token).toBe('fresh');
    expect(window.location.pathname).toBe('/staff/orders');
  });

  it('is sent again only once', async () => {
    const server = fakeServer((req) =>
      req.path === REFRESH ? ok(agent('fresh')) : refused(401, 'Unauthorized'),
    );
    await expect(
      staffCall('POST /staff/orders/:id/verify', { params: { id: 'o-1' }, body: {} }),
    ).rejects.toMatchObject({ status: 401 });
    expect(server.count('POST', '/api/v1/staff/orders/o-1/verify')).toBe(2);
  });

  it('sends the staff member to sign in again when the session cannot be renewed', async () => {
    const server = fakeServer(() => refused(401, 'Unauthorized'));
    const entries = window.history.length;
    const results = await Promise.allSettled([staffCall('GET /staff/orders'), staffCall('GET /staff/sims')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(server.count('POST', REFRESH)).toBe(1);
    expect(staffSession.get()).toEqual({ staff: null, token: null });
    expect(window.location.pathname).toBe('/staff/login');
    // Back must not return to a console page that can no longer load.
    expect(window.history.length).toBe(entries);
  });

  it('is not renewed for the sign-in calls: a wrong code is told as it is', async () => {
    const server = fakeServer(() => refused(401, 'The email, password or authenticator code is incorrect.'));
    await expect(
      staffLogin({ email: 'agent@example.com', password: 'x', code: '000000' }),
    ).rejects.toMatchObject({
      status: 401,
      message: 'The email, password or authenticator code is incorrect.',
    });
    expect(server.count('POST', REFRESH)).toBe(0);
    expect(window.location.pathname).toBe('/staff/orders');
  });
});

describe('what a failed staff call reports', () => {
  it("carries the envelope's message and field errors", async () => {
    fakeServer(() =>
      refused(422, 'Please check the highlighted fields', {
        fields: { trackingCode: 'Enter a tracking code' },
      }),
    );
    const err = (await staffCall('POST /staff/orders/:id/deliveries', {
      params: { id: 'o-1' },
      body: { deliveryMethod: 0, deliveryDate: '', trackingCode: '', sims: [] },
    }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 422, message: 'Please check the highlighted fields' });
    expect(err.fields).toEqual({ trackingCode: 'Enter a tracking code' });
  });

  it("says 'Request Failed' with status -1 when no response came", async () => {
    fakeServer(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(staffCall('GET /staff/orders')).rejects.toMatchObject({
      status: -1,
      message: 'Request Failed',
    });
  });
});

describe('staff requests', () => {
  it('leave empty filters out of the query string and send the token', async () => {
    staffSession.start(agent('live'));
    const server = fakeServer(() => ok({ items: [] }));
    await staffCall('GET /staff/orders', { query: { q: '9123', status: '', typeSim: undefined, page: 2 } });
    expect(server.seen[0]).toMatchObject({
      path: '/api/v1/staff/orders?q=9123&page=2',
      authorization: 'Bearer live',
    });
  });

  it('load an ID document after renewing the session, and say so when it cannot load', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:id-front');
    const server = fakeServer((req) => {
      if (req.path === REFRESH) return ok(agent('fresh'));
      if (req.authorization !== 'Bearer fresh') return refused(401, 'Unauthorized');
      return req.path.endsWith('/d-1') ? { status: 200, body: 'png' } : refused(404, 'Not found');
    });
    expect(await staffBlobUrl('o-1', 'd-1')).toBe('blob:id-front');
    expect(server.count('GET', '/api/v1/staff/orders/o-1/documents/d-1')).toBe(2);
    await expect(staffBlobUrl('o-1', 'd-2')).rejects.toMatchObject({
      status: 404,
      message: 'This image failed to load',
    });
  });

  it('sign out ends the session and shows the sign-in page, even when the server is unreachable', async () => {
    fakeServer(() => {
      throw new TypeError('Failed to fetch');
    });
    await staffLogout();
    expect(staffSession.get().staff).toBeNull();
    expect(window.location.pathname).toBe('/staff/login');
  });
});

describe("what the console kept of a staff member's", () => {
  it('is forgotten when they sign out or another member signs in, not when their token is renewed', () => {
    const forget = vi.fn();
    const stop = onStaffChange(forget);
    staffSession.start(agent('renewed'));
    expect(forget).not.toHaveBeenCalled();
    staffSession.clear();
    expect(forget).toHaveBeenCalledTimes(1);
    staffSession.start(agent('again'));
    staffSession.start({ ...agent('other'), staff: { ...agent('other').staff, id: 's-2' } });
    expect(forget).toHaveBeenCalledTimes(3);
    stop();
  });
});
