import { Messages } from '@selfcare/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  createTestApp,
  messagesFor,
  otpFrom,
  type TestApp,
  uniqueCustomer,
  waitForMessage,
} from '../../test/harness.ts';
import { settledJobs } from '../../test/jobs.ts';
import { authJourney, PASSWORD } from './auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { post, registerConfirmed, login } = authJourney(() => t);

describe('password login', () => {
  it('returns a 15-minute token, the session user and the version, and sets an HttpOnly refresh cookie', async () => {
    const form = await registerConfirmed();
    const res = await post('/api/v1/auth/login', { email: form.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const data = body<{ token: string; authUser: Record<string, unknown>; version: string }>(res).data;
    expect(data.authUser).toMatchObject({
      firstName: 'Mei Ling',
      lastName: 'Tan',
      isVerify: true,
      isMainLine: true,
      status: 0,
      type: 0,
      subline: 0,
      enable: false,
      isMNP: false,
      cisTypes: [],
    });
    expect(data.version).toBe('dev');
    const claims = JSON.parse(Buffer.from(data.token.split('.')[1]!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(15 * 60);
    const cookie = res.cookies.find((c) => c.name === 'sc_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
  });

  it('gives one message for a wrong password and an unknown email', async () => {
    const form = await registerConfirmed();
    const wrong = await login(form.email, 'Wrong#Pass99');
    const unknown = await login(`nobody-${Date.now()}@example.com`);
    expect(wrong.res.statusCode).toBe(401);
    expect(body(wrong.res).message).toBe(Messages.invalidLogin);
    expect(body(unknown.res).message).toBe(Messages.invalidLogin);
  });

  it('locks an account after 5 failures for 15 minutes, then lets it in again', async () => {
    const form = await registerConfirmed();
    for (let i = 0; i < 5; i++) expect((await login(form.email, 'Wrong#Pass99')).res.statusCode).toBe(401);
    const locked = await login(form.email);
    expect(locked.res.statusCode).toBe(429);
    expect(body(locked.res).message).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./);
    t.ctx.clock.advance(15 * 60 + 1);
    try {
      expect((await login(form.email)).res.statusCode).toBe(200);
    } finally {
      t.ctx.clock.reset();
    }
  });
});

describe('OTP login', () => {
  it('sends a 6-digit code by SMS and logs in with it once', async () => {
    const form = await registerConfirmed();
    const sent = await post('/api/v1/auth/getOTPLogin', { phoneNumber: form.phoneNumber, method: 1 });
    expect(sent.statusCode).toBe(200);
    expect(body(sent).message).toBe(Messages.otpSentSms);
    const sms = await waitForMessage(`+65${form.phoneNumber}`);
    expect(sms.channel).toBe('sms');
    const code = otpFrom(sms.text);
    const res = await post('/api/v1/auth/login', { phoneNumber: form.phoneNumber, otp: code });
    expect(res.statusCode).toBe(200);
    expect(body<{ authUser: { email: string } }>(res).data.authUser.email).toBe(form.email);
    const again = await post('/api/v1/auth/login', { phoneNumber: form.phoneNumber, otp: code });
    expect(body(again).message).toBe(Messages.otpIncorrect);
  });

  it('sends the code by email when asked', async () => {
    const form = await registerConfirmed();
    const sent = await post('/api/v1/auth/getOTPLogin', { phoneNumber: form.phoneNumber, method: 0 });
    expect(body(sent).message).toBe(Messages.otpSentEmail);
    const mail = await waitForMessage(form.email, (m) => m.subject?.includes('login code') ?? false);
    expect(
      (await post('/api/v1/auth/login', { phoneNumber: form.phoneNumber, otp: otpFrom(mail.text) }))
        .statusCode,
    ).toBe(200);
  });

  it('answers alike for an unknown number and sends nothing', async () => {
    const { phoneNumber } = uniqueCustomer();
    const sent = await post('/api/v1/auth/getOTPLogin', { phoneNumber, method: 1 });
    expect(sent.statusCode).toBe(200);
    expect(body(sent).message).toBe(Messages.otpSentSms);
    // The request was handled (the number looked up, no account found) and made no message.
    const jobs = await settledJobs(t, phoneNumber);
    expect(jobs.map((j) => [j.name, j.state])).toEqual([['auth.send-login-code', 'completed']]);
    expect(await messagesFor(`+65${phoneNumber}`)).toEqual([]);
  });

  it('refuses a resend within 60 seconds', async () => {
    const form = await registerConfirmed();
    await post('/api/v1/auth/getOTPLogin', { phoneNumber: form.phoneNumber, method: 1 });
    const again = await post('/api/v1/auth/getOTPLogin', { phoneNumber: form.phoneNumber, method: 1 });
    expect(again.statusCode).toBe(429);
    expect(body(again).message).toMatch(/Please wait \d+ seconds before requesting a new code\./);
  });

  it('expires the code after 5 minutes', async () => {
    const form = await registerConfirmed();
    await post('/api/v1/auth/getOTPLogin', { phoneNumber: form.phoneNumber, method: 1 });
    const code = otpFrom((await waitForMessage(`+65${form.phoneNumber}`)).text);
    t.ctx.clock.advance(5 * 60 + 1);
    try {
      const res = await post('/api/v1/auth/login', { phoneNumber: form.phoneNumber, otp: code });
      expect(res.statusCode).toBe(401);
      expect(body(res).message).toBe(Messages.otpIncorrect);
    } finally {
      t.ctx.clock.reset();
    }
  });

  it('voids the code after 5 wrong tries, even for the right one', async () => {
    const form = await registerConfirmed();
    await post('/api/v1/auth/getOTPLogin', { phoneNumber: form.phoneNumber, method: 1 });
    const code = otpFrom((await waitForMessage(`+65${form.phoneNumber}`)).text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      expect(
        body(await post('/api/v1/auth/login', { phoneNumber: form.phoneNumber, otp: wrong })).message,
      ).toBe(Messages.otpIncorrect);
    }
    // The fifth failure also reaches the account's failure limit.
    await post('/api/v1/auth/login', { phoneNumber: form.phoneNumber, otp: wrong });
    t.ctx.clock.advance(15 * 60 + 1);
    try {
      const res = await post('/api/v1/auth/login', { phoneNumber: form.phoneNumber, otp: code });
      expect(res.statusCode).toBe(401);
    } finally {
      t.ctx.clock.reset();
    }
  });

  it('binds the code to the number it was sent for', async () => {
    const a = await registerConfirmed();
    const b = await registerConfirmed();
    await post('/api/v1/auth/getOTPLogin', { phoneNumber: a.phoneNumber, method: 1 });
    const code = otpFrom((await waitForMessage(`+65${a.phoneNumber}`)).text);
    expect((await post('/api/v1/auth/login', { phoneNumber: b.phoneNumber, otp: code })).statusCode).toBe(
      401,
    );
  });

  it('validates the code format with the spec messages', async () => {
    const refused = async (otp: string) => {
      const res = await post('/api/v1/auth/login', { phoneNumber: '81234567', otp });
      expect(res.statusCode, otp).toBe(422);
      return [body(res).message, (body(res).extra_info as { fields?: Record<string, string> }).fields?.otp];
    };
    const length = 'OTP code must be 6 characters long';
    expect(await refused('12345')).toEqual([length, length]);
    expect(await refused('1234567')).toEqual([length, length]);
    expect(await refused('12a456')).toEqual([
      'Only allowed to enter numbers',
      'Only allowed to enter numbers',
    ]);
    expect(await refused('')).toEqual(['OTP is required', 'OTP is required']);
    // Well formed but not the code sent: the spec's login message.
    const form = await registerConfirmed();
    await post('/api/v1/auth/getOTPLogin', { phoneNumber: form.phoneNumber, method: 1 });
    const code = otpFrom((await waitForMessage(`+65${form.phoneNumber}`)).text);
    const wrong = await post('/api/v1/auth/login', {
      phoneNumber: form.phoneNumber,
      otp: code === '000000' ? '111111' : '000000',
    });
    expect([wrong.statusCode, body(wrong).message]).toEqual([401, 'The OTP is incorrect.']);
  });
});
