import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registration, type TestApp } from '../test/harness.ts';

/**
 * Per-address limits stand only if the client cannot choose its address: X-Forwarded-For is
 * believed only from the proxies the configuration names, and only for the hop they added.
 */
describe('who the client is behind a proxy', () => {
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp();
    proxied = await createTestApp({ TRUST_PROXY: '10.0.0.5' });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  /** Wrong passwords for one account, each with a different made-up X-Forwarded-For. */
  async function guesses(app: TestApp, remoteAddress: string, realClient: string, n: number) {
    const email = registration().email;
    const answers: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress,
        headers: { 'x-forwarded-for': `7.7.${i}.${i}, ${realClient}` },
        payload: { email, password: 'Wrong#Pass123' },
      });
      answers.push(res.statusCode);
    }
    return answers;
  }

  it('a client that writes X-Forwarded-For itself is still one client: no proxy is configured', async () => {
    expect(await guesses(direct, '203.0.113.9', '198.51.100.7', 7)).toEqual([
      401, 401, 401, 401, 401, 429, 429,
    ]);
  });

  it('behind the configured proxy, the client is the address the proxy saw, not what the client wrote', async () => {
    expect(await guesses(proxied, '10.0.0.5', '198.51.100.8', 7)).toEqual([
      401, 401, 401, 401, 401, 429, 429,
    ]);
  });

  it('a caller that is not the configured proxy cannot claim an address', async () => {
    const email = registration().email;
    const answers: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: '203.0.113.10',
        headers: { 'x-forwarded-for': `7.7.${i}.${i}` },
        payload: { email, password: 'Wrong#Pass123' },
      });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});
