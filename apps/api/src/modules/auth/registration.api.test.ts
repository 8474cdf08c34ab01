import { Messages } from '@selfcare/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import {
  body,
  createTestApp,
  linkToken,
  messagesFor,
  registration,
  type TestApp,
  waitForMessage,
} from '../../test/harness.ts';
import { settledJobs } from '../../test/jobs.ts';
import { authJourney } from './auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { post, login } = authJourney(() => t);

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

  it('sends a new account one confirmation link however often its job runs', async () => {
    const form = registration();
    expect((await post('/api/v1/auth/register', form)).statusCode).toBe(201);
    await waitForMessage(form.email);
    const [user] = await t.ctx.database.db.select().from(users).where(eq(users.email, form.email));
    const userId = user?.id as string;
    const { rows } = await t.ctx.database.pool.query<{ token: string }>(
      `SELECT data->>'token' AS token FROM pgboss.job WHERE name = 'auth.send-confirmation' AND data->>'userId' = $1`,
      [userId],
    );
    expect(rows).toHaveLength(1);
    // The job handed out again, as after a worker died before pg-boss heard it had completed.
    await t.ctx.accounts.sendNewConfirmation(userId, rows[0]?.token as string);
    await t.ctx.accounts.sendNewConfirmation(userId, rows[0]?.token as string);
    await settledJobs(t, form.email);
    const links = (await messagesFor(form.email)).filter((m) => m.html?.includes('Confirm email'));
    expect(links).toHaveLength(1);
    expect(links[0]?.text).toContain(`/confirmEmail/${rows[0]?.token}`);
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
  it("works once; a used or unknown link is the spec's invalid link, an expired one says it has expired", async () => {
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
      const expired = await post('/api/v1/auth/activeAccount', { token: lateToken });
      expect([expired.statusCode, body(expired).message]).toEqual([400, Messages.linkExpired]);
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
