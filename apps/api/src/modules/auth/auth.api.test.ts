import { Messages } from '@selfcare/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import {
  body,
  createTestApp,
  linkToken,
  messagesFor,
  otpFrom,
  refreshCookie,
  registration,
  TEST_PASSWORD,
  type TestApp,
  uniqueCustomer,
  waitForMessage,
} from '../../test/harness.ts';
import { settledJobs } from '../../test/jobs.ts';
import { REFRESH_RACE_GRACE_SECONDS } from './refresh-rotation.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = TEST_PASSWORD;
const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload ?? {}, headers });

async function registerConfirmed() {
  const form = registration();
  expect((await post('/api/v1/auth/register', form)).statusCode).toBe(201);
  const mail = await waitForMessage(form.email, (m) => m.subject?.includes('Confirm') ?? false);
  expect(
    (await post('/api/v1/auth/activeAccount/', { token: linkToken(mail.text, '/confirmEmail') })).statusCode,
  ).toBe(200);
  return form;
}

async function login(email: string, password = PASSWORD) {
  const res = await post('/api/v1/auth/login', { email, password });
  return { res, token: body<{ token: string }>(res).data?.token, cookie: refreshCookie(res) };
}

describe('register', () => {
  it('creates the account, answers with the spec message and emails a confirmation link', async () => {
    const form = registration();
    const res = await post('/api/v1/auth/register', form);
    expect(res.statusCode).toBe(201);
    expect(body(res)).toMatchObject({
      status: 201,
      message: Messages.registered,
      data: null,
      extra_info: {},
    });
    const mail = await waitForMessage(form.email);
    expect(mail.channel).toBe('email');
    expect(mail.html).toContain('Confirm email');
    expect(mail.text).toMatch(/\/confirmEmail\/[A-Za-z0-9_-]{40,}/);
  });

  it('lists each field error in extra_info and changes nothing', async () => {
    const form = registration({
      confirmEmail: 'other@example.com',
      confirmPassword: 'Different#1',
      password: 'weakpass',
    });
    const res = await post('/api/v1/auth/register', form);
    expect(res.statusCode).toBe(422);
    expect(body(res).extra_info.fields).toMatchObject({
      confirmEmail: Messages.confirmEmailMismatch,
      password: Messages.passwordRule,
    });
    expect((await login(form.email)).res.statusCode).toBe(401);
  });

  // The security test learnt who is a customer from 409 'The email has already been registered'.
  it('answers a taken email exactly as a new one, makes nothing, and tells the owner once by email', async () => {
    const owner = registration();
    const fresh = await post('/api/v1/auth/register', owner);
    await waitForMessage(owner.email, (m) => m.subject?.includes('Confirm') ?? false);
    const again = await post('/api/v1/auth/register', {
      ...registration({ password: 'Another#Pass77', confirmPassword: 'Another#Pass77' }),
      email: owner.email,
      confirmEmail: owner.email,
    });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(fresh.body);
    const notice = await waitForMessage(
      owner.email,
      (m) => m.subject?.includes('tried to register') ?? false,
    );
    expect(notice.text).toContain('/login');
    expect(notice.text).toContain('/forgotPassword');
    expect(notice.html).toContain('Log in');
    // Nothing was made or changed: the owner's password still works, the other one does not.
    expect((await login(owner.email, 'Another#Pass77')).res.statusCode).toBe(401);
    expect((await login(owner.email)).res.statusCode).toBe(200);
    // A second try within the hour is answered alike and sends no second notice.
    expect(
      (
        await post('/api/v1/auth/register', {
          ...registration(),
          email: owner.email,
          confirmEmail: owner.email,
        })
      ).body,
    ).toBe(fresh.body);
    // Both attempts were looked at, and every email they led to has gone out.
    const jobs = await settledJobs(t, owner.email);
    expect(jobs.filter((j) => j.name === 'auth.registration-notice').map((j) => j.state)).toEqual([
      'completed',
      'completed',
    ]);
    const notices = (await messagesFor(owner.email)).filter((m) => m.subject?.includes('tried to register'));
    expect(notices).toHaveLength(1);
  });

  it('answers a taken mobile number exactly as a new one, emails the new address nothing and texts the number', async () => {
    const owner = registration();
    const fresh = await post('/api/v1/auth/register', owner);
    const other = registration({ phoneNumber: owner.phoneNumber });
    const again = await post('/api/v1/auth/register', other);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(fresh.body);
    const sms = await waitForMessage(`+65${owner.phoneNumber}`, (m) => /tried to register/.test(m.text));
    expect(sms.text).toContain('already has one');
    // The attempt was handled, and nothing was ever to be sent to the new address.
    const jobs = await settledJobs(t, other.email);
    expect(jobs.map((j) => [j.name, j.state])).toEqual([['auth.registration-notice', 'completed']]);
    expect(await messagesFor(other.email)).toEqual([]);
    expect((await login(other.email)).res.statusCode).toBe(401);
  });

  it('ends two registrations racing for one email alike: one account, both 201', async () => {
    const form = registration();
    const [a, b] = await Promise.all([
      post('/api/v1/auth/register', form),
      post('/api/v1/auth/register', { ...registration(), email: form.email, confirmEmail: form.email }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.body).toBe(b.body);
    const rows = await t.ctx.database.db.select().from(users).where(eq(users.email, form.email));
    expect(rows).toHaveLength(1);
  });

  it('refuses common passwords and passwords over 128 characters', async () => {
    const common = await post(
      '/api/v1/auth/register',
      registration({ password: 'Password1!', confirmPassword: 'Password1!' }),
    );
    expect(body(common).extra_info.fields?.password).toBe(Messages.commonPassword);
    const long = `Aa1!${'x'.repeat(130)}`;
    const tooLong = await post(
      '/api/v1/auth/register',
      registration({ password: long, confirmPassword: long }),
    );
    expect(body(tooLong).extra_info.fields?.password).toBe('Password must be at most 128 characters');
  });
});

describe('email confirmation', () => {
  it('works once; a used, unknown or expired link gets the spec message', async () => {
    const form = registration();
    await post('/api/v1/auth/register', form);
    const token = linkToken((await waitForMessage(form.email)).text, '/confirmEmail');
    expect((await post('/api/v1/auth/activeAccount', { token })).statusCode).toBe(200);
    const reused = await post('/api/v1/auth/activeAccount', { token });
    expect(reused.statusCode).toBe(400);
    expect(body(reused).message).toBe(Messages.invalidLink);
    expect(body(await post('/api/v1/auth/activeAccount', { token: 'x'.repeat(43) })).message).toBe(
      Messages.invalidLink,
    );

    const late = registration();
    await post('/api/v1/auth/register', late);
    const lateToken = linkToken((await waitForMessage(late.email)).text, '/confirmEmail');
    t.ctx.clock.advance(24 * 3600 + 1);
    try {
      expect(body(await post('/api/v1/auth/activeAccount', { token: lateToken })).message).toBe(
        Messages.invalidLink,
      );
    } finally {
      t.ctx.clock.reset();
    }
  });

  it('logs an unconfirmed customer in as not verified and resends the link, throttled', async () => {
    const form = registration();
    await post('/api/v1/auth/register', form);
    await waitForMessage(form.email);
    const { res, token } = await login(form.email);
    expect(res.statusCode).toBe(200);
    expect(body<{ authUser: { isVerify: boolean; status: number } }>(res).data.authUser).toMatchObject({
      isVerify: false,
      status: 0,
    });
    const auth = { authorization: `Bearer ${token}` };
    const resent = await post('/api/v1/auth/resendEmail', {}, auth);
    expect(resent.statusCode).toBe(200);
    expect(body(resent).message).toBe(Messages.confirmationResent);
    const tooSoon = await post('/api/v1/auth/resendEmail', {}, auth);
    expect(tooSoon.statusCode).toBe(429);
    // Only the newest link works.
    await expect.poll(async () => (await messagesFor(form.email)).length).toBe(2);
    const [newest, first] = await messagesFor(form.email);
    expect(
      body(await post('/api/v1/auth/activeAccount', { token: linkToken(first!.text, '/confirmEmail') }))
        .message,
    ).toBe(Messages.invalidLink);
    expect(
      (await post('/api/v1/auth/activeAccount', { token: linkToken(newest!.text, '/confirmEmail') }))
        .statusCode,
    ).toBe(200);
  });
});

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
    const res = await post('/api/v1/auth/login', { phoneNumber: '81234567', otp: '12a' });
    expect(res.statusCode).toBe(422);
  });
});

describe('forgot and reset password', () => {
  it('answers alike for unknown emails, and the link sets a new password once and ends old sessions', async () => {
    const unknown = await post('/api/v1/auth/forgotPassword', { email: `nobody-${Date.now()}@example.com` });
    expect(body(unknown).message).toBe(Messages.resetRequested);

    const form = await registerConfirmed();
    const old = await login(form.email);
    const readOld = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/users/${body<{ authUser: { id: string } }>(old.res).data.authUser.id}`,
        headers: { authorization: `Bearer ${old.token}` },
      });
    expect((await readOld()).statusCode).toBe(200);
    const res = await post('/api/v1/auth/forgotPassword', { email: form.email });
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe(Messages.resetRequested);
    const token = linkToken(
      (await waitForMessage(form.email, (m) => m.subject?.includes('Reset') ?? false)).text,
      '/resetPassword',
    );

    const check = await post('/api/v1/auth/verify-password-reset-token', { token });
    expect(check.statusCode).toBe(200);
    // Never in a URL: the GET that put the token in the query string is gone.
    const inQuery = await t.app.inject({
      method: 'GET',
      url: `/api/v1/auth/verify-password-reset-token?token=${token}`,
    });
    expect(inQuery.statusCode).toBe(404);
    const NEW = 'Merlion$Park21';
    const mismatch = await post('/api/v1/auth/resetPassword', { token, password: NEW, confirmPassword: 'x' });
    expect(body(mismatch).extra_info.fields?.confirmPassword).toBe(Messages.confirmPasswordMismatch);
    const done = await post('/api/v1/auth/resetPassword', { token, password: NEW, confirmPassword: NEW });
    expect(body(done).message).toBe(Messages.passwordChanged);

    expect((await login(form.email)).res.statusCode).toBe(401);
    expect((await login(form.email, NEW)).res.statusCode).toBe(200);
    const reused = await post('/api/v1/auth/resetPassword', { token, password: NEW, confirmPassword: NEW });
    expect(body(reused).message).toBe(Messages.invalidLink);
    const gone = await post('/api/v1/auth/verify-password-reset-token', { token });
    expect(body(gone).message).toBe(Messages.invalidLink);
    expect((await readOld()).statusCode).toBe(401);
  });

  it('expires the reset link after 30 minutes', async () => {
    const form = await registerConfirmed();
    await post('/api/v1/auth/forgotPassword', { email: form.email });
    const token = linkToken(
      (await waitForMessage(form.email, (m) => m.subject?.includes('Reset') ?? false)).text,
      '/resetPassword',
    );
    t.ctx.clock.advance(30 * 60 + 1);
    try {
      const check = await post('/api/v1/auth/verify-password-reset-token', { token });
      expect(check.statusCode).toBe(400);
    } finally {
      t.ctx.clock.reset();
    }
  });
});

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
