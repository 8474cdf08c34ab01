import { DEFAULT_FEES } from '@selfcare/domain/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    BRAND_NAME: 'Orchid Mobile',
    SUPPORT_EMAIL: 'help@orchid.example.sg',
    SUPPORT_PHONE: '+65 6000 1234',
    MARKETING_URL: 'https://orchid.example.sg',
    ADMIN_FEE_CENTS: '1500',
    OVERDUE_NOTICE_FEE_CENTS: '1200',
  });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/settings', () => {
  it("answers the operator's configured brand, contacts, site and fees, exactly the fields the web reads", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/settings' });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({
      defaultLanguage: 'en',
      brandName: 'Orchid Mobile',
      supportEmail: 'help@orchid.example.sg',
      supportPhone: '+65 6000 1234',
      marketingUrl: 'https://orchid.example.sg',
      // The fees every page names: those configured, and the spec's for the rest.
      fees: { ...DEFAULT_FEES, adminCents: 1500, overdueNoticeCents: 1200 },
    });
  });
});
