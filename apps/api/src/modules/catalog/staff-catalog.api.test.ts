import type { Offer } from '@selfcare/domain/contracts/orders';
import type { StaffCatalog, StaffCatalogItem } from '@selfcare/domain/contracts/staff-catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { signedInStaff, staffRequests } from '../../test/staff.ts';

/** The console's catalog page (ADR 0055): an admin writes what a product says in each language. */
let t: TestApp;
let agent: Awaited<ReturnType<typeof signedInStaff>>;
let admin: Awaited<ReturnType<typeof signedInStaff>>;
let seeded: StaffCatalogItem;
const { get } = staffRequests(() => t);
const put = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/v1/staff${url}`, headers, payload });
const voicemail = async () =>
  body<StaffCatalog>(await get('/catalog', agent.headers)).data.items.find((i) => i.code === 'VOICEMAIL');

beforeAll(async () => {
  t = await createTestApp();
  agent = await signedInStaff(t, 'agent');
  admin = await signedInStaff(t, 'admin');
  seeded = (await voicemail()) as StaffCatalogItem;
}, 60_000);
afterAll(async () => {
  // The files of a worker share its database: the demo's texts go back as they were.
  await put('/catalog/product/VOICEMAIL', admin.headers, seeded.descriptions);
  await t.close();
});

describe("the catalog's descriptions in each language", () => {
  it('lists every plan and product, with the texts the demo catalog was given', async () => {
    const { items } = body<StaffCatalog>(await get('/catalog', agent.headers)).data;
    expect(items.filter((i) => i.kind === 'plan').map((i) => i.code)).toContain('LITE-10');
    expect(seeded).toMatchObject({ kind: 'product', name: 'Voicemail', active: true });
    expect(seeded.descriptions.zh).toMatch(/语音信箱/);
  });

  it("an admin's text reaches the customer's offer; an empty one reads the English again", async () => {
    const written = await put('/catalog/product/VOICEMAIL', admin.headers, {
      zh: '  语音信箱，新留言以短信通知。 ',
      ms: 'Mel suara.',
      ta: '',
    });
    expect(written.statusCode, written.body).toBe(200);
    expect(body<StaffCatalogItem>(written).data.descriptions).toEqual({
      zh: '语音信箱，新留言以短信通知。',
      ms: 'Mel suara.',
    });
    const me = await signedInCustomer(t);
    const offer = async () =>
      body<Offer>(await t.app.inject({ method: 'GET', url: '/api/v1/orders/offer', headers: me.headers }))
        .data;
    expect((await offer()).addons.find((a) => a.code === 'VOICEMAIL')?.descriptions).toEqual({
      zh: '语音信箱，新留言以短信通知。',
      ms: 'Mel suara.',
    });
    // Who changed it, and what it replaced, is in the audit log.
    const { rows } = await t.ctx.database.pool.query(
      `SELECT staff_id, subject, detail FROM staff_audit_log WHERE action = 'catalog-descriptions' ORDER BY at DESC LIMIT 1`,
    );
    expect(rows[0]).toMatchObject({
      staff_id: admin.id,
      subject: 'product VOICEMAIL',
      detail: {
        before: seeded.descriptions,
        after: { zh: '语音信箱，新留言以短信通知。', ms: 'Mel suara.' },
      },
    });
  });

  it('refuses an agent, a customer, an unknown item and a text too long or unstorable, changing nothing', async () => {
    const before = await voicemail();
    expect((await put('/catalog/product/VOICEMAIL', agent.headers, { zh: '改了' })).statusCode).toBe(403);
    const me = await signedInCustomer(t);
    expect((await put('/catalog/product/VOICEMAIL', me.headers, { zh: '改了' })).statusCode).toBe(403);
    expect((await put('/catalog/product/NO-SUCH', admin.headers, { zh: '改了' })).statusCode).toBe(404);
    expect((await put('/catalog/plan/VOICEMAIL', admin.headers, { zh: '改了' })).statusCode).toBe(404);
    const long = await put('/catalog/product/VOICEMAIL', admin.headers, { ta: 'அ'.repeat(301) });
    expect(long.statusCode).toBe(422);
    expect(long.json().extra_info.fields.ta).toBe('Tamil description must be at most 300 characters');
    const nul = await put('/catalog/product/VOICEMAIL', admin.headers, { ms: 'Mel\u0000suara' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().extra_info.fields.ms).toBe('Malay description is invalid');
    expect(await voicemail()).toEqual(before);
  });
});
