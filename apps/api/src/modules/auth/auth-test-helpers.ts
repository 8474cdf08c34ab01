import { expect } from 'vitest';
import {
  body,
  linkToken,
  refreshCookie,
  registration,
  TEST_PASSWORD,
  type TestApp,
  waitForMessage,
} from '../../test/harness.ts';

export const PASSWORD = TEST_PASSWORD;

/** Registers, confirms and logs customers in through the real auth routes of the app `testApp` gives. */
export function authJourney(testApp: () => TestApp) {
  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    testApp().app.inject({ method: 'POST', url, payload: payload ?? {}, headers });

  async function registerConfirmed() {
    const form = registration();
    expect((await post('/api/v1/auth/register', form)).statusCode).toBe(201);
    const mail = await waitForMessage(form.email, (m) => m.subject?.includes('Confirm') ?? false);
    expect(
      (await post('/api/v1/auth/activeAccount/', { token: linkToken(mail.text, '/confirmEmail') }))
        .statusCode,
    ).toBe(200);
    return form;
  }

  async function login(email: string, password = PASSWORD) {
    const res = await post('/api/v1/auth/login', { email, password });
    return { res, token: body<{ token: string }>(res).data?.token, cookie: refreshCookie(res) };
  }

  return { post, registerConfirmed, login };
}
