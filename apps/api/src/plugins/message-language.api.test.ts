import { Messages, RequestMessages } from '@selfcare/domain';
import taMore from '@selfcare/domain/locales/messages.ta.json' with { type: 'json' };
import zhCore from '@selfcare/domain/locales/messages-core.zh.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const zh = zhCore as Record<string, string>;
const login = (language: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: language ? { 'accept-language': language } : {},
    payload,
  });

describe("the API's messages in the page's language", () => {
  it("are the spec's English by default, and for a language the portal does not speak", async () => {
    for (const language of [undefined, 'en-SG', 'id-ID']) {
      const res = await login(language, { email: 'nobody@example.com', password: 'Wrong1!pass' });
      expect(body(res).message).toBe(Messages.invalidLogin);
    }
  });

  it('are written in Chinese for a page read in Chinese: the message and every field error', async () => {
    const refused = await login('zh-Hans-SG', { email: 'nobody@example.com', password: 'Wrong1!pass' });
    expect(body(refused).message).toBe(zh[Messages.invalidLogin]);

    const empty = await login('zh-Hans-SG', { email: '', password: '' });
    expect(empty.statusCode).toBe(422);
    const fields = body(empty).extra_info.fields as Record<string, string>;
    expect(fields.email).toBe((zh['{field} is required'] as string).replace('{field}', zh.Email ?? 'Email'));
    expect(Object.values(fields).join(' ')).not.toMatch(/required|invalid/);
  });

  it('are in Tamil for a request the API cannot read: a body that is not JSON, an address it cannot decode', async () => {
    const ta = taMore as Record<string, string>;
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'accept-language': 'ta-SG', 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(garbled.statusCode).toBe(400);
    expect(body(garbled).message).toBe(ta[RequestMessages.invalid]);
    const undecodable = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orders/%ED%A0%80',
      headers: { 'accept-language': 'ta-SG' },
    });
    expect(body(undecodable).message).toBe(ta[RequestMessages.urlInvalid]);
  });

  it('say in Tamil that an API address names nothing', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/no-such-thing?x=1',
      headers: { 'accept-language': 'ta-SG' },
    });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).message).toBe('GET /api/v1/no-such-thing என்ற முகவரி இல்லை');
  });
});
