import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signedInCustomer, type TestApp } from '../test/harness.ts';
import { signedInStaff } from '../test/staff.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '3', RATE_LIMIT_ANON_MAX: '4' });
});
afterAll(() => t.close());

/** One carrier NAT address: every customer behind it comes from here. */
const NAT = '203.0.113.7';

const call = (url: string, headers: Record<string, string> = {}, remoteAddress = NAT) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress });
const statuses = async (n: number, send: () => ReturnType<typeof call>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send()).statusCode);
  return out;
};

describe('request limit', () => {
  it('gives each signed-in customer behind one address their own allowance, and the anonymous calls from it the address’s', async () => {
    const a = await signedInCustomer(t);
    const b = await signedInCustomer(t);
    // A: its 3 a minute, then refused; B, behind the same address, still has all of its own.
    expect(await statuses(4, () => call(`/api/v1/users/${a.id}`, a.headers))).toEqual([200, 200, 200, 429]);
    expect(await statuses(4, () => call(`/api/v1/users/${b.id}`, b.headers))).toEqual([200, 200, 200, 429]);
    const refused = await call(`/api/v1/users/${a.id}`, a.headers);
    expect(body(refused).message).toMatch(/^Too many attempts\. Please try again in 1 minute\.$/);
    // The account is limited wherever it calls from.
    expect((await call(`/api/v1/users/${a.id}`, a.headers, '198.51.100.9')).statusCode).toBe(429);

    // The customers spent none of the address's own allowance, which the anonymous calls share.
    expect(await statuses(5, () => call('/api/v1/settings'))).toEqual([200, 200, 200, 200, 429]);
    // Another address is another allowance.
    expect((await call('/api/v1/settings', {}, '198.51.100.10')).statusCode).toBe(200);
  });

  it('counts a forged, expired or malformed token against the address, never as an account of its own', async () => {
    const c = await signedInCustomer(t);
    const [h, p] = c.token.split('.');
    const forged = { authorization: `Bearer ${h}.${p}.${'A'.repeat(43)}` };
    const garbage = { authorization: 'Bearer not-a-token' };
    const other = '203.0.113.99';
    const answers = [
      ...(await statuses(2, () => call('/api/v1/settings', forged, other))),
      ...(await statuses(2, () => call('/api/v1/settings', garbage, other))),
      (await call('/api/v1/settings', {}, other)).statusCode,
    ];
    expect(answers).toEqual([200, 200, 200, 200, 429]);
    // The real token still has its own allowance from that address.
    expect((await call(`/api/v1/users/${c.id}`, c.headers, other)).statusCode).toBe(200);
    // A token after its expiry is anonymous: move the clock past the access token's 15 minutes.
    t.ctx.clock.advance(16 * 60);
    try {
      expect((await call('/api/v1/settings', c.headers, '203.0.113.100')).statusCode).toBe(200);
      const keyed = await statuses(4, () => call('/api/v1/settings', {}, '203.0.113.100'));
      expect(keyed).toEqual([200, 200, 200, 429]);
    } finally {
      t.ctx.clock.reset();
    }
  });

  it('limits a staff member as themselves too', async () => {
    const staff = await signedInStaff(t, 'agent');
    expect(await statuses(4, () => call('/api/v1/staff/auth/me', staff.headers))).toEqual([
      200, 200, 200, 429,
    ]);
    expect((await call('/api/v1/settings', {}, '203.0.113.50')).statusCode).toBe(200);
  });
});
