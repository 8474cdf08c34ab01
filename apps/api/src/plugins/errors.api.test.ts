import { connect } from 'node:net';
import { Messages } from '@selfcare/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp, uniqueCustomer } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const redisUp = await new Promise<boolean>((resolve) => {
  const s = connect(6379, '127.0.0.1');
  s.once('connect', () => {
    s.destroy();
    resolve(true);
  });
  s.once('error', () => resolve(false));
});

describe('unexpected failures', () => {
  it('answer 500 with a generic message and the request id, never the cause', async () => {
    const broken = await createTestApp();
    await broken.ctx.database.pool.end();
    const res = await broken.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgotPassword',
      payload: { email: 'x@example.com' },
    });
    expect(res.statusCode).toBe(500);
    const b = body(res);
    expect(b.message).toBe(Messages.serverError);
    expect(b.extra_info.requestId).toEqual(expect.any(String));
    expect(JSON.stringify(b)).not.toMatch(/pool|pg|sql/i);
    await broken.app.close();
    await broken.ctx.queue.stop();
  });
});

describe('throttling per IP', () => {
  it('stops one address trying many accounts, and spares other addresses', async () => {
    const ip = '10.9.8.7';
    const attempt = (email: string, remoteAddress = ip) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: 'Wrong#Pass99' },
        remoteAddress,
      });
    for (let i = 0; i < 30; i++) expect((await attempt(uniqueCustomer().email)).statusCode).toBe(401);
    const blocked = await attempt(uniqueCustomer().email);
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked).message).toMatch(/^Too many attempts/);
    expect((await attempt(uniqueCustomer().email, '10.9.8.8')).statusCode).toBe(401);
  });
});

describe.runIf(redisUp)('rate limit shared through Redis', () => {
  it('counts requests of two API processes together', async () => {
    const key = `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const a = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:6379', RATE_LIMIT_ANON_MAX: '3' });
    const b = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:6379', RATE_LIMIT_ANON_MAX: '3' });
    try {
      const hit = (app: TestApp) =>
        app.app.inject({ method: 'GET', url: '/api/v1/settings', remoteAddress: key });
      expect((await hit(a)).statusCode).toBe(200);
      expect((await hit(b)).statusCode).toBe(200);
      expect((await hit(a)).statusCode).toBe(200);
      expect((await hit(b)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
