import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { REFRESH_RACE_GRACE_SECONDS } from '../../security/refresh-rotation.ts';
import { body, createTestApp, refreshCookie, type TestApp, uniqueCustomer } from '../../test/harness.ts';
import { authJourney } from './auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { registerConfirmed, login } = authJourney(() => t);

describe('sessions', () => {
  const refresh = (cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refreshToken',
      cookies: cookie ? { sc_refresh: cookie } : {},
    });

  it('rotates the refresh token on every use', async () => {
    const form = await registerConfirmed();
    const { cookie } = await login(form.email);
    const first = await refresh(cookie);
    expect(first.statusCode).toBe(200);
    const data = body<{ token: string; authUser: { email: string }; version: string }>(first).data;
    expect(data.authUser.email).toBe(form.email);
    expect(data.version).toBe('dev');
    const next = refreshCookie(first);
    expect(next).toBeDefined();
    expect(next).not.toBe(cookie);
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('revokes the whole session when a used refresh token comes back after the grace window', async () => {
    const form = await registerConfirmed();
    const { cookie } = await login(form.email);
    const rotated = refreshCookie(await refresh(cookie));
    t.ctx.clock.advance(REFRESH_RACE_GRACE_SECONDS);
    try {
      const reuse = await refresh(cookie);
      expect(reuse.statusCode).toBe(401);
      expect((await refresh(rotated)).statusCode).toBe(401);
    } finally {
      t.ctx.clock.reset();
    }
  });

  // Two tabs of one browser share the cookie; each refreshes when its access token is due.
  it('gives two tabs refreshing with the same cookie at once the same new token, and keeps the session', async () => {
    const form = await registerConfirmed();
    const { cookie, res } = await login(form.email);
    const id = body<{ authUser: { id: string } }>(res).data.authUser.id;
    const [a, b] = await Promise.all([refresh(cookie), refresh(cookie)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const next = refreshCookie(a);
    expect(next).toBeDefined();
    expect(next).not.toBe(cookie);
    expect(refreshCookie(b)).toBe(next);
    for (const answer of [a, b]) {
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/v1/users/${id}`,
        headers: { authorization: `Bearer ${body<{ token: string }>(answer).data.token}` },
      });
      expect(read.statusCode).toBe(200);
    }
    // A third tab a few seconds later (or a retry whose answer was lost) is the same browser too.
    t.ctx.clock.advance(REFRESH_RACE_GRACE_SECONDS - 2);
    try {
      expect(refreshCookie(await refresh(cookie))).toBe(next);
      const later = await refresh(next);
      expect(later.statusCode).toBe(200);
      // The old token past the window is a copy: the session ends, for the newest token too.
      t.ctx.clock.advance(3);
      expect((await refresh(cookie)).statusCode).toBe(401);
      expect((await refresh(refreshCookie(later))).statusCode).toBe(401);
    } finally {
      t.ctx.clock.reset();
    }
  });

  it('refuses an expired access token and ends sessions after 12 hours', async () => {
    const form = await registerConfirmed();
    const { token, cookie, res } = await login(form.email);
    const id = body<{ authUser: { id: string } }>(res).data.authUser.id;
    const me = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/users/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await me()).statusCode).toBe(200);
    t.ctx.clock.advance(15 * 60 + 1);
    try {
      expect((await me()).statusCode).toBe(401);
      let c = cookie;
      const r = await refresh(c);
      expect(r.statusCode).toBe(200);
      c = refreshCookie(r);
      t.ctx.clock.advance(12 * 3600);
      expect((await refresh(c)).statusCode).toBe(401);
    } finally {
      t.ctx.clock.reset();
    }
  });

  it('logout revokes the session and clears the cookie', async () => {
    const form = await registerConfirmed();
    const { token, cookie, res } = await login(form.email);
    const id = body<{ authUser: { id: string } }>(res).data.authUser.id;
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/users/${id}`,
        headers: { authorization: `Bearer ${token}` },
      });
    // A read just before logout leaves the session in the short-lived session cache.
    expect((await read()).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'sc_refresh')?.value).toBe('');
    expect((await read()).statusCode).toBe(401);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });
});

describe('sub lines', () => {
  // The security test saw subline 0 at login and 2 on /users/{id} for the same customer.
  it('counts the same two sub lines in the login, refresh and /users/{id} answers', async () => {
    const form = await registerConfirmed();
    const [main] = await t.ctx.database.db.select().from(users).where(eq(users.email, form.email));
    const now = new Date();
    for (const n of [1, 2]) {
      await t.ctx.database.db.insert(users).values({
        phoneNumber: uniqueCustomer().phoneNumber,
        firstName: 'Sub',
        lastName: `Line ${n}`,
        isMainLine: false,
        mainUserId: main?.id,
        status: 2,
        activated: true,
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    }
    const signedIn = await login(form.email);
    const fromLogin = body<{ authUser: { id: string; subline: number } }>(signedIn.res).data.authUser;
    expect(fromLogin.subline).toBe(2);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refreshToken',
      cookies: { sc_refresh: signedIn.cookie as string },
    });
    expect(body<{ authUser: { subline: number } }>(refreshed).data.authUser.subline).toBe(2);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${fromLogin.id}`,
      headers: { authorization: `Bearer ${signedIn.token}` },
    });
    expect(body<{ subline: number }>(read).data.subline).toBe(2);
  });
});
