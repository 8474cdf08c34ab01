import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    BRAND_NAME: 'Orchid Mobile',
    SUPPORT_EMAIL: 'help@orchid.example.sg',
    SUPPORT_PHONE: '+65 6000 1234',
    MARKETING_URL: 'https://orchid.example.sg',
  });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/settings', () => {
  it("answers the operator's configured brand, contacts and site, exactly the fields the web reads", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/settings' });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({
      defaultLanguage: 'en',
      brandName: 'Orchid Mobile',
      supportEmail: 'help@orchid.example.sg',
      supportPhone: '+65 6000 1234',
      marketingUrl: 'https://orchid.example.sg',
    });
  });
});
