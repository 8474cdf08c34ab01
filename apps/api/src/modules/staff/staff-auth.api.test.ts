import { FulfilmentMessages } from '@selfcare/domain/fulfilment';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_RACE_GRACE_SECONDS } from '../../security/refresh-rotation.ts';
import { body, createTestApp, refreshCookie, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { createStaff, STAFF_PASSWORD, signedInStaff, staffLogin, totp } from '../../test/staff.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/staff/auth/me', headers });

describe('staff sign-in', () => {
  it('needs the password and a current authenticator code, and gives a short session', async () => {
    const staff = await signedInStaff(t, 'agent');
    const session = body<{ token: string; exp: number; staff: { role: string; email: string } }>(
      staff.res,
    ).data;
    expect(session.staff).toMatchObject({ role: 'agent', email: staff.email });
    // Five minutes, not the customer's fifteen.
    expect(session.exp - Math.floor(t.ctx.clock.now().getTime() / 1000)).toBeLessThanOrEqual(300);
    const cookie = staff.res.headers['set-cookie'] as string;
    expect(cookie).toContain('sc_staff_refresh=');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Path=/api/v1/staff/auth');
    expect((await me(staff.headers)).statusCode).toBe(200);
  });

  it('answers alike for a wrong password, a wrong code and an unknown email', async () => {
    const staff = await createStaff(t, 'agent');
    const wrongCode = await staffLogin(t, staff, '000000');
    const wrongPassword = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/auth/login',
      payload: { email: staff.email, password: 'Wrong#Pass1', code: await totp(staff.secret) },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/auth/login',
      payload: { email: 'nobody@staff.test', password: STAFF_PASSWORD, code: '123456' },
    });
    for (const res of [wrongCode, wrongPassword, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(body(res).message).toBe(FulfilmentMessages.staffLoginInvalid);
    }
  });

  it('accepts an authenticator code once: a replay within its 30 seconds is refused', async () => {
    const staff = await createStaff(t, 'agent');
    const code = await totp(staff.secret);
    expect((await staffLogin(t, staff, code)).statusCode).toBe(200);
    expect((await staffLogin(t, staff, code)).statusCode).toBe(401);
  });

  it('throttles guessing after five failures', async () => {
    const staff = await createStaff(t, 'agent');
    for (let i = 0; i < 5; i++) expect((await staffLogin(t, staff, '111111')).statusCode).toBe(401);
    const blocked = await staffLogin(t, staff);
    expect(blocked.statusCode).toBe(429);
  });

  it('rotates the refresh token; two tabs at once get the same one; a replay later revokes the session', async () => {
    const staff = await signedInStaff(t, 'supervisor');
    const first = refreshCookie(staff.res, 'sc_staff_refresh') as string;
    const refresh = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/staff/auth/refresh',
        cookies: { sc_staff_refresh: cookie },
      });
    const [second, twin] = await Promise.all([refresh(first), refresh(first)]);
    expect([second.statusCode, twin.statusCode]).toEqual([200, 200]);
    const next = refreshCookie(second, 'sc_staff_refresh');
    expect(next).not.toBe(first);
    expect(refreshCookie(twin, 'sc_staff_refresh')).toBe(next);
    const token = body<{ token: string }>(twin).data.token;
    expect((await me({ authorization: `Bearer ${token}` })).statusCode).toBe(200);
    t.ctx.clock.advance(REFRESH_RACE_GRACE_SECONDS);
    try {
      expect((await refresh(first)).statusCode).toBe(401);
      expect((await refresh(next as string)).statusCode).toBe(401);
    } finally {
      t.ctx.clock.reset();
    }
  });

  it('signs out: the token stops working at once', async () => {
    const staff = await signedInStaff(t, 'agent');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/auth/logout',
      headers: staff.headers,
    });
    expect(out.statusCode).toBe(200);
    expect((await me(staff.headers)).statusCode).toBe(401);
  });

  it('keeps customers and staff apart: neither token opens the other API', async () => {
    const customer = await signedInCustomer(t);
    expect((await me(customer.headers)).statusCode).toBe(403);
    const staff = await signedInStaff(t, 'admin');
    const asCustomer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${staff.id}`,
      headers: staff.headers,
    });
    expect(asCustomer.statusCode).toBe(401);
  });

  it('records each sign-in in the audit log, which cannot be rewritten', async () => {
    const staff = await signedInStaff(t, 'agent');
    const { rows } = await t.ctx.database.pool.query(
      "SELECT action FROM staff_audit_log WHERE staff_id = $1 AND action = 'sign-in'",
      [staff.id],
    );
    expect(rows).toHaveLength(1);
    await expect(
      t.ctx.database.pool.query('UPDATE staff_audit_log SET reason = $1 WHERE staff_id = $2', [
        'x',
        staff.id,
      ]),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.ctx.database.pool.query('DELETE FROM staff_audit_log WHERE staff_id = $1', [staff.id]),
    ).rejects.toThrow(/append-only/);
  });
});
