import { Messages } from '@selfcare/domain';
import type { ProfileView } from '@selfcare/domain/contracts/profile';
import { ProfileMessages } from '@selfcare/domain/schemas/profile';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionTokens, users } from '../../db/schema.ts';
import {
  body,
  createTestApp,
  linkToken,
  messagesFor,
  passwordLogin,
  registration,
  signedInCustomer,
  TEST_PASSWORD,
  type TestApp,
  uniqueCustomer,
  waitForMessage,
} from '../../test/harness.ts';

/** A new email address from /profile/myProfile, confirmed by a link sent to it (ADR 0026). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = { authorization: string };
const customer = () => signedInCustomer(t, { status: 2, activated: true });
const ask = (headers: Headers, email: string, currentPassword = TEST_PASSWORD, confirmEmail = email) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/auth/email',
    headers,
    payload: { email, confirmEmail, currentPassword },
  });
const open = (token: string, headers: Partial<Headers> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/activeAccount/', payload: { token }, headers });
const login = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: TEST_PASSWORD } });
const profileOf = async (headers: Headers) =>
  body<ProfileView>(await t.app.inject({ method: 'GET', url: '/api/v1/profile', headers })).data;
const emailOf = async (id: string) =>
  (await t.ctx.database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;
const pendingOf = (userId: string) =>
  t.ctx.database.db
    .select()
    .from(actionTokens)
    .where(and(eq(actionTokens.userId, userId), eq(actionTokens.purpose, 'change_email')));
const isLink = (m: { subject: string | null }) => m.subject?.includes('Confirm your new email') ?? false;
const linkFor = async (email: string) =>
  linkToken((await waitForMessage(email, isLink)).text, '/confirmEmail');

describe('changing the email address', () => {
  it('sends the link to the new address and tells the old one; the link changes the login', async () => {
    const c = await customer();
    const other = await passwordLogin(t, c.email);
    const next = uniqueCustomer().email;

    const res = await ask(c.headers, next.toUpperCase(), TEST_PASSWORD, next);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe(ProfileMessages.emailChangeSent(next));
    const notice = await waitForMessage(c.email, (m) => m.subject?.includes('change of your') ?? false);
    expect(notice.text).toContain(next);
    const token = await linkFor(next);

    // Nothing changes until the link is opened.
    expect((await login(c.email)).statusCode).toBe(200);
    expect((await login(next)).statusCode).toBe(401);
    expect((await profileOf(c.headers)).email).toBe(c.email);

    const done = await open(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(body(done).message).toBe(ProfileMessages.emailChanged(next));

    expect((await login(c.email)).statusCode).toBe(401);
    const fresh = await login(next);
    expect(fresh.statusCode).toBe(200);
    expect(body<{ authUser: { email: string; isVerify: boolean } }>(fresh).data.authUser).toMatchObject({
      email: next,
      isVerify: true,
    });
    // Sessions stay open, and see the new address at once.
    expect((await profileOf(c.headers)).email).toBe(next);
    expect((await profileOf(other)).email).toBe(next);

    const again = await open(token);
    expect([again.statusCode, body(again).message]).toEqual([400, Messages.invalidLink]);
  });

  it('refuses a taken address, a wrong password, the same address and bad input, changing nothing', async () => {
    const a = await customer();
    const b = await customer();

    const taken = await ask(a.headers, b.email);
    expect([taken.statusCode, body(taken).message]).toEqual([409, 'The email has already been registered']);
    expect(body(taken).extra_info.fields?.email).toBe('The email has already been registered');

    const wrong = await ask(a.headers, uniqueCustomer().email, 'Wrong#Pass1');
    expect([wrong.statusCode, body(wrong).extra_info.fields?.currentPassword]).toEqual([
      422,
      ProfileMessages.passwordIncorrect,
    ]);

    const same = await ask(a.headers, a.email.toUpperCase());
    expect([same.statusCode, body(same).extra_info.fields?.email]).toEqual([422, ProfileMessages.sameEmail]);

    const bad = await ask(a.headers, 'not-an-email');
    expect([bad.statusCode, body(bad).extra_info.fields?.email]).toEqual([
      422,
      'New email address is invalid',
    ]);
    const mismatch = await ask(a.headers, uniqueCustomer().email, TEST_PASSWORD, 'other@example.com');
    expect(body(mismatch).extra_info.fields?.confirmEmail).toBe(Messages.confirmEmailMismatch);

    expect(await pendingOf(a.id)).toHaveLength(0);
    expect(await emailOf(a.id)).toBe(a.email);
    expect(await emailOf(b.id)).toBe(b.email);
    expect((await messagesFor(b.email)).filter(isLink)).toHaveLength(0);
    expect((await login(a.email)).statusCode).toBe(200);
  });

  it('tells whether an address is taken at most 5 times a quarter of an hour, even with the right password', async () => {
    const me = await customer();
    const other = await customer();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask(me.headers, other.email)).statusCode);
    expect(statuses).toEqual([409, 409, 409, 409, 409, 429]);
    // The password itself is not locked: it still changes it.
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/password',
      headers: me.headers,
      payload: {
        currentPassword: TEST_PASSWORD,
        password: 'Kallang#River77',
        confirmPassword: 'Kallang#River77',
      },
    });
    expect(change.statusCode, change.body).toBe(200);
  });

  it('limits the links sent; only the newest works, once, and not after 24 hours', async () => {
    const c = await customer();
    const first = uniqueCustomer().email;
    const second = uniqueCustomer().email;
    expect((await ask(c.headers, first)).statusCode).toBe(200);
    const soon = await ask(c.headers, second);
    expect(soon.statusCode).toBe(429);
    expect(body(soon).message).toMatch(/^Please wait \d+ seconds before requesting a new link\.$/);
    const firstToken = await linkFor(first);
    t.ctx.clock.advance(61);
    try {
      expect((await ask(c.headers, second)).statusCode).toBe(200);
      const secondToken = await linkFor(second);
      expect(body(await open(firstToken)).message).toBe(Messages.invalidLink);
      t.ctx.clock.advance(24 * 60 * 60 + 1);
      const late = await open(secondToken);
      expect([late.statusCode, body(late).message]).toEqual([400, Messages.linkExpired]);
    } finally {
      t.ctx.clock.reset();
    }
    expect(await emailOf(c.id)).toBe(c.email);
  });

  it('refuses the link when the address was registered after it was asked for', async () => {
    const c = await customer();
    const form = registration();
    expect((await ask(c.headers, form.email)).statusCode).toBe(200);
    const token = await linkFor(form.email);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: form })).statusCode,
    ).toBe(201);

    const res = await open(token);
    expect([res.statusCode, body(res).message]).toEqual([409, 'The email has already been registered']);
    expect(await emailOf(c.id)).toBe(c.email);
    expect((await login(c.email)).statusCode).toBe(200);
    // The link is spent.
    expect(body(await open(token)).message).toBe(Messages.invalidLink);
  });

  it("changes only the account the link was asked for, whoever opens it; another's stays", async () => {
    const a = await customer();
    const b = await customer();
    const next = uniqueCustomer().email;
    expect((await ask(a.headers, next)).statusCode).toBe(200);
    const token = await linkFor(next);

    expect((await open(token, b.headers)).statusCode).toBe(200);
    expect(await emailOf(a.id)).toBe(next);
    expect(await emailOf(b.id)).toBe(b.email);
    expect((await profileOf(b.headers)).email).toBe(b.email);
    // A confirmation link is not a change link for another address either.
    expect(await pendingOf(b.id)).toHaveLength(0);
  });

  it('voids links sent to the old address, and a new password cancels a change not yet confirmed', async () => {
    const a = await customer();
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgotPassword', payload: { email: a.email } });
    const reset = linkToken(
      (await waitForMessage(a.email, (m) => m.subject?.includes('Reset') ?? false)).text,
      '/resetPassword',
    );
    const next = uniqueCustomer().email;
    await ask(a.headers, next);
    expect((await open(await linkFor(next))).statusCode).toBe(200);
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-password-reset-token',
      payload: { token: reset },
    });
    expect(body(stale).message).toBe(Messages.invalidLink);

    const b = await customer();
    const wanted = uniqueCustomer().email;
    expect((await ask(b.headers, wanted)).statusCode).toBe(200);
    const token = await linkFor(wanted);
    const NEW = 'Kallang#River77';
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/password',
      headers: b.headers,
      payload: { currentPassword: TEST_PASSWORD, password: NEW, confirmPassword: NEW },
    });
    expect(changed.statusCode).toBe(200);
    expect(body(await open(token)).message).toBe(Messages.invalidLink);
    expect(await emailOf(b.id)).toBe(b.email);
  });
});
