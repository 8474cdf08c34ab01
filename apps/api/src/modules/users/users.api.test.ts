import { Messages } from '@selfcare/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signedInCustomer, type TestApp } from '../../test/harness.ts';

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
  it('lets status 1 and active main lines read the account, and refuses others with 403', async () => {
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
    for (const who of [fresh, docs, sub, unverified]) {
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
    const limited = await createTestApp({ RATE_LIMIT_MAX: '2' });
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

  it('refuses to move the clock in production', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      OTP_SECRET: 'y'.repeat(40),
    });
    try {
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/v1/testing/clock',
        payload: { advanceSeconds: 60 },
      });
      expect(res.statusCode).toBe(404);
      expect(prod.ctx.clock.offsetSeconds).toBe(0);
    } finally {
      await prod.close();
    }
  });

  it('moves the clock outside production', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/testing/clock',
      payload: { advanceSeconds: 60 },
    });
    expect(body<{ offsetSeconds: number }>(res).data.offsetSeconds).toBe(60);
    await t.app.inject({ method: 'POST', url: '/api/v1/testing/clock', payload: { reset: true } });
    expect(t.ctx.clock.offsetSeconds).toBe(0);
  });
});
