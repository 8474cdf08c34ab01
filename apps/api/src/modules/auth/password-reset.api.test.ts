import { Messages } from '@selfcare/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, linkToken, type TestApp, waitForMessage } from '../../test/harness.ts';
import { authJourney } from './auth-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const { post, registerConfirmed, login } = authJourney(() => t);

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

  it("expires the reset link after 30 minutes, saying the spec's 'The link has expired. Please reload'", async () => {
    const form = await registerConfirmed();
    await post('/api/v1/auth/forgotPassword', { email: form.email });
    const token = linkToken(
      (await waitForMessage(form.email, (m) => m.subject?.includes('Reset') ?? false)).text,
      '/resetPassword',
    );
    t.ctx.clock.advance(30 * 60 + 1);
    try {
      const check = await post('/api/v1/auth/verify-password-reset-token', { token });
      expect([check.statusCode, body(check).message]).toEqual([400, Messages.linkExpired]);
      const NEW = 'Merlion$Park21';
      const late = await post('/api/v1/auth/resetPassword', { token, password: NEW, confirmPassword: NEW });
      expect([late.statusCode, body(late).message]).toEqual([400, Messages.linkExpired]);
      // A made-up token is not told apart from a used one: the generic invalid link.
      const madeUp = await post('/api/v1/auth/verify-password-reset-token', { token: 'x'.repeat(43) });
      expect(body(madeUp).message).toBe(Messages.invalidLink);
    } finally {
      t.ctx.clock.reset();
    }
  });
});
