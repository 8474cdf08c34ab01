import { Messages } from '@selfcare/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { signedInStaff } from '../../test/staff.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const customer = (over: Parameters<typeof signedInCustomer>[1] = {}) => signedInCustomer(t, over);

describe('GET /api/v1/users/{id}', () => {
  it('returns the caller’s own record in the envelope', async () => {
    const me = await customer({ status: 2, activated: true });
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/users/${me.id}`, headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      status: 200,
      data: { id: me.id, status: 2, activated: true, isMainLine: true },
    });
  });

  it('answers 404 for another customer’s record, so ids cannot be probed', async () => {
    const me = await customer();
    const other = await customer();
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/users/${other.id}`, headers: me.headers });
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(body(res))).not.toContain(other.id);
  });

  it('answers 401 without a token or with a forged one', async () => {
    const me = await customer();
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/users/${me.id}` })).statusCode).toBe(401);
    const [h, p] = me.token.split('.');
    const forged = `${h}.${p}.${'A'.repeat(43)}`;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${me.id}`,
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(Messages.sessionExpired);
  });
});

describe('server-side access rules', () => {
  it('lets status 0, 1 and active main lines read the account, and refuses others with 403', async () => {
    const ordered = await customer({ status: 1 });
    const active = await customer({ status: 2, activated: true });
    const fresh = await customer({ status: 0 });
    const docs = await customer({ status: 3 });
    const main = await customer({ status: 2, activated: true });
    const sub = await customer({ status: 2, activated: true, isMainLine: false, mainUserId: main.id });
    const unverified = await customer({ status: 1, emailVerifiedAt: null });
    const get = (h: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/v1/account', headers: h });
    expect((await get(ordered.headers)).statusCode).toBe(200);
    expect((await get(active.headers)).statusCode).toBe(200);
    // Back at status 0 after a rejected or cancelled order, a customer still reads it (ADR 0019).
    expect((await get(fresh.headers)).statusCode).toBe(200);
    for (const who of [docs, sub, unverified]) {
      const res = await get(who.headers);
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toBe(Messages.forbidden);
    }
  });

  it('lists the sub lines of the main line on the account and counts them in the session user', async () => {
    const main = await customer({ status: 2, activated: true });
    await customer({ status: 2, activated: true, isMainLine: false, mainUserId: main.id, firstName: 'Sub' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/account', headers: main.headers });
    const data = body<{ user: { subline: number }; sublines: { name: string }[] }>(res).data;
    expect(data.user.subline).toBe(1);
    expect(data.sublines.map((s) => s.name)).toEqual(['Sub Customer']);
  });
});

describe('conventions', () => {
  it('answers unknown API routes with the envelope and 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(body(res)).toMatchObject({ data: null, status: 404 });
  });

  it('reports health and readiness with migrations applied', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
  });

  it('sends security headers with a strict script policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    // Scripts only from this origin; WebAssembly may compile (the barcode reader), eval may not.
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(res.headers['content-security-policy']).not.toContain("'unsafe-eval'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // API answers are data: nothing loads in or frames them, and no cache keeps them.
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/settings' });
    expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['x-xss-protection']).toBeUndefined();
  });

  it('allows the camera only to the customer pages (the SIM barcode scanner), and no other device', async () => {
    const customerPage = await t.app.inject({ method: 'GET', url: '/activeSimOnline' });
    expect(customerPage.headers['permissions-policy']).toMatch(
      /^camera=\(self\), microphone=\(\), geolocation=\(\)/,
    );
    const staffPage = await t.app.inject({ method: 'GET', url: '/staff/orders' });
    expect(staffPage.headers['permissions-policy']).toMatch(/^camera=\(\), microphone=\(\)/);
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/settings' });
    expect(api.headers['permissions-policy']).toMatch(/^camera=\(\),/);
    for (const res of [customerPage, staffPage, api])
      expect(res.headers['permissions-policy']).toContain('payment=(), usb=()');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/v1/auth/login', '/api/v1/auth/register', '/api/v1/users/{id}']),
    );
    // Its page is a document: it runs under the docs' own policy, not the API's 'none'.
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('rate limit and clock control', () => {
  it('answers 429 with a clear message past the limit', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_MAX: '2' });
    try {
      const hit = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/forgotPassword',
          payload: { email: 'x@example.com' },
          remoteAddress: '10.1.2.3',
        });
      await hit();
      await hit();
      const res = await hit();
      expect(res.statusCode).toBe(429);
      expect(body(res).message).toMatch(/^Too many attempts\. Please try again in 1 minute\.$/);
    } finally {
      await limited.close();
    }
  });

  it('limits the API but not the health checks or the web app', async () => {
    const limited = await createTestApp({ RATE_LIMIT_ANON_MAX: '2' });
    try {
      for (let i = 0; i < 3; i++)
        expect((await limited.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      const api = () => limited.app.inject({ method: 'GET', url: '/api/v1/settings' });
      await api();
      await api();
      expect((await api()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('refuses anonymous clock control: it is off unless the configuration turns it on', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/readyz' });
    for (const payload of [
      { advanceSeconds: 60 * 60 * 24 * 30 },
      { advanceSeconds: 1e15 },
      { reset: true },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/testing/clock', payload });
      expect(res.statusCode).toBe(404);
    }
    expect(t.ctx.clock.offsetSeconds).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(before.statusCode);
  });

  it('with clock control on, lets only a staff admin move it, within bounds; /readyz fails on a clock it cannot use', async () => {
    const demo = await createTestApp({ CLOCK_CONTROL: 'true' });
    try {
      const move = (payload: object, headers: Record<string, string> = {}) =>
        demo.app.inject({ method: 'POST', url: '/api/v1/testing/clock', payload, headers });
      expect((await move({ advanceSeconds: 60 })).statusCode).toBe(401);
      const me = await signedInCustomer(demo, { status: 2, activated: true });
      expect((await move({ advanceSeconds: 60 }, me.headers)).statusCode).toBe(403);
      const agent = await signedInStaff(demo, 'agent');
      expect((await move({ advanceSeconds: 60 }, agent.headers)).statusCode).toBe(403);
      expect(demo.ctx.clock.offsetSeconds).toBe(0);

      const admin = await signedInStaff(demo, 'admin');
      const moved = await move({ advanceSeconds: 60 }, admin.headers);
      expect(body<{ offsetSeconds: number }>(moved).data.offsetSeconds).toBe(60);
      // Far beyond the bounds: refused, and the clock stays where it was.
      const huge = await move({ advanceSeconds: 1e15 }, admin.headers);
      expect(huge.statusCode, huge.body).toBe(422);
      // A move past the admin's 15-minute token signs them out; their authenticator signs them in again.
      for (let i = 0; i < 4; i++) {
        const step = await move(
          { advanceSeconds: 400 * 24 * 60 * 60 },
          (await signedInStaff(demo, 'admin')).headers,
        );
        expect(step.statusCode, step.body).toBe(200);
      }
      const tooFar = await move(
        { advanceSeconds: 400 * 24 * 60 * 60 },
        (await signedInStaff(demo, 'admin')).headers,
      );
      expect(tooFar.statusCode).toBe(422);
      expect(demo.ctx.clock.offsetSeconds).toBe(60 + 4 * 400 * 24 * 60 * 60);
      expect(demo.ctx.clock.usable).toBe(true);
      expect((await demo.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      // Customers can still sign in on a moved clock.
      expect((await signedInCustomer(demo)).headers.authorization).toMatch(/^Bearer /);

      // Whatever moves the clock out of range, readiness says so instead of staying green.
      (demo.ctx.clock as unknown as { offsetMs: number }).offsetMs = Number.POSITIVE_INFINITY;
      const ready = await demo.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'clock unusable' });
      demo.ctx.clock.reset();
      expect((await demo.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await demo.close();
    }
  });
});
