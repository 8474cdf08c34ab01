import { Messages, OTP_TTL_SECONDS } from '@selfcare/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  createTestApp,
  messagesFor,
  otpFrom,
  signedInCustomer,
  type TestApp,
  waitForMessage,
} from '../../test/harness.ts';
import { inject } from '../../test/inject.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(async () => {
  t.ctx.clock.reset();
  await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, { method: 'DELETE' });
});

const smsFault = (seconds: number) =>
  fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ system: 'sms', mode: 'down', seconds }),
  });

const smsJobStates = async (to: string) =>
  (
    await t.ctx.database.pool.query<{ state: string }>(
      `SELECT state FROM pgboss.job WHERE name = 'notification.send-sms' AND data->>'to' = $1
        ORDER BY created_on`,
      [to],
    )
  ).rows.map((r) => r.state);

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

describe('a login code the SMS gateway could not deliver in time', () => {
  it('is dropped, not sent dead; the customer asks again and that code arrives and works', async () => {
    const customer = await signedInCustomer(t);
    const to = `+65${customer.phoneNumber}`;
    await smsFault(120);
    const first = await post('/api/v1/auth/getOTPLogin', { phoneNumber: customer.phoneNumber, method: 1 });
    expect(body(first).message).toBe(Messages.otpSentSms);
    // The send failed and waits for its retry.
    await expect.poll(() => smsJobStates(to), { timeout: 10_000 }).toEqual(['retry']);

    // The gateway stays down for longer than the code lives; then it is back.
    t.ctx.clock.advance(OTP_TTL_SECONDS);
    await fetch(`${inject('sandboxUrl')}/sandbox/api/faults`, { method: 'DELETE' });
    await expect.poll(() => smsJobStates(to), { timeout: 20_000, interval: 250 }).toEqual(['completed']);
    expect(await messagesFor(to)).toEqual([]);

    // Nothing arrived, so the customer asks again: a new code, sent at once.
    const again = await post('/api/v1/auth/getOTPLogin', { phoneNumber: customer.phoneNumber, method: 1 });
    expect(again.statusCode).toBe(200);
    const code = otpFrom((await waitForMessage(to)).text);
    expect(await messagesFor(to)).toHaveLength(1);
    const login = await post('/api/v1/auth/login', { phoneNumber: customer.phoneNumber, otp: code });
    expect(login.statusCode).toBe(200);
  }, 40_000);
});
