import type { ProfileView } from '@selfcare/domain/contracts/profile';
import { ProfileMessages } from '@selfcare/domain/schemas/profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  createTestApp,
  giveProfile,
  passwordLogin,
  signedInCustomer,
  TEST_PASSWORD,
  type TestApp,
} from '../../test/harness.ts';

/** The customer's own profile (ADR 0026): what they see, what they may change, and their password. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NONE = { email: false, sms: false, push: false };
async function customerWithProfile(myinfoVerified: string[] = []) {
  const c = await signedInCustomer(t, { status: 2, activated: true });
  await giveProfile(t, c.id, {
    employer: 'Orchid Holdings',
    marketing: { provider: { email: true, sms: false, push: false }, thirdParty: NONE },
    myinfoVerified,
  });
  return c;
}
const get = (headers: { authorization: string }) =>
  t.app.inject({ method: 'GET', url: '/api/v1/profile', headers });
const put = (headers: { authorization: string }, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/profile', headers, payload });
const edit = {
  salutation: 'Mrs.',
  contactNumber: '87654321',
  employer: 'Changi Logistics',
  marketing: {
    provider: { email: false, sms: true, push: true },
    thirdParty: { email: true, sms: false, push: false },
  },
};

describe('the profile', () => {
  it('shows the identity masked and marks what MyInfo verified; the rest is edited and kept', async () => {
    const c = await customerWithProfile(['fullName', 'dateOfBirth', 'idNumber']);
    const shown = body<ProfileView>(await get(c.headers)).data;
    expect(shown).toMatchObject({ fullName: 'Tan Mei Ling', salutation: 'Ms.', fromOrder: true, card: null });
    expect(shown.idNumberMasked).toMatch(/^•{5}\d{3}Z$/);
    expect(shown.verified).toEqual(['fullName', 'dateOfBirth', 'idNumber']);

    const res = await put(c.headers, { ...edit, fullName: 'Someone Else', idNumber: 'S0000001I' });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe('Update Profile successfully.');
    const saved = body<ProfileView>(await get(c.headers)).data;
    expect(saved).toMatchObject({
      salutation: 'Mrs.',
      contactNumber: '87654321',
      employer: 'Changi Logistics',
      marketing: edit.marketing,
      fullName: 'Tan Mei Ling',
      idNumberMasked: shown.idNumberMasked,
    });
  });

  it('keeps the employer MyInfo verified, and refuses bad input with the field named, changing nothing', async () => {
    const c = await customerWithProfile(['employer']);
    await put(c.headers, edit);
    expect(body<ProfileView>(await get(c.headers)).data.employer).toBe('Orchid Holdings');
    const bad = await put(c.headers, { ...edit, contactNumber: '1234' });
    expect(bad.statusCode).toBe(422);
    expect(body<ProfileView>(await get(c.headers)).data.contactNumber).toBe('87654321');
  });

  it('is the caller’s own: another customer sees theirs, and one without an order cannot save one', async () => {
    const a = await customerWithProfile();
    const b = await signedInCustomer(t, { status: 2, activated: true });
    const theirs = body<ProfileView>(await get(b.headers)).data;
    expect(theirs).toMatchObject({ fromOrder: false, idNumberMasked: null, email: b.email });
    const refused = await put(b.headers, edit);
    expect([refused.statusCode, body(refused).message]).toEqual([409, ProfileMessages.noProfile]);
    expect(body<ProfileView>(await get(a.headers)).data.salutation).toBe('Ms.');
  });
});

describe('changing the password', () => {
  const change = (headers: { authorization: string }, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/auth/password', headers, payload });
  const NEW = 'Kallang#River77';

  it('needs the current password; then the new one works, other sessions end and this one stays', async () => {
    const c = await customerWithProfile();
    const other = await passwordLogin(t, c.email);

    const mismatch = await change(c.headers, {
      currentPassword: TEST_PASSWORD,
      password: NEW,
      confirmPassword: 'Other#Pass1',
    });
    expect([mismatch.statusCode, body(mismatch).message]).toEqual([422, 'Password does not match.']);
    const wrong = await change(c.headers, {
      currentPassword: 'Wrong#Pass1',
      password: NEW,
      confirmPassword: NEW,
    });
    expect([wrong.statusCode, body(wrong).message]).toEqual([422, 'Password incorrect. Please Re-enter.']);
    expect((await get(other)).statusCode).toBe(200);

    const res = await change(c.headers, {
      currentPassword: TEST_PASSWORD,
      password: NEW,
      confirmPassword: NEW,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe('Change password successfully!');
    expect((await get(c.headers)).statusCode).toBe(200);
    expect((await get(other)).statusCode).toBe(401);
    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: c.email, password: TEST_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: c.email, password: NEW },
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it('stops guessing the current password after 5 wrong tries in a quarter of an hour', async () => {
    const c = await customerWithProfile();
    const tries = [];
    for (let i = 0; i < 6; i++)
      tries.push(
        (await change(c.headers, { currentPassword: `Wrong#Pass${i}`, password: NEW, confirmPassword: NEW }))
          .statusCode,
      );
    expect(tries.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(tries[5]).toBe(429);
    // Even the right one is refused until the window passes.
    const right = await change(c.headers, {
      currentPassword: TEST_PASSWORD,
      password: NEW,
      confirmPassword: NEW,
    });
    expect(right.statusCode).toBe(429);
  });

  it('never locks out a customer who gives the right password, however often', async () => {
    const c = await customerWithProfile();
    const wrong = () =>
      change(c.headers, { currentPassword: 'Wrong#Pass1', password: NEW, confirmPassword: NEW });
    // Right, right, wrong, right, wrong, right, wrong, wrong: four wrong ones, room for one more.
    let current = TEST_PASSWORD;
    const statuses: number[] = [];
    for (const right of [true, true, false, true, false, true, false, false]) {
      const next = `${NEW}${statuses.length}`;
      const res = right
        ? await change(c.headers, { currentPassword: current, password: next, confirmPassword: next })
        : await wrong();
      if (res.statusCode === 200) current = next;
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 422, 200, 422, 200, 422, 422]);
    expect((await wrong()).statusCode).toBe(422);
    expect((await wrong()).statusCode).toBe(429);
  });
});

describe('downloading my data (PDPA)', () => {
  it("gives the customer their own data as a JSON file, and nobody else's", async () => {
    const a = await customerWithProfile();
    const b = await customerWithProfile();
    // Each with a passkey: a's is in the file, named as the profile lists it; b's is not.
    for (const [who, name] of [
      [a, 'Firefox (Linux)'],
      [b, 'Safari (iOS)'],
    ] as const)
      await t.ctx.database.pool.query(
        `INSERT INTO passkeys (user_id, credential_id, public_key, backed_up, name, created_at)
         VALUES ($1, gen_random_uuid()::text, '\\x04'::bytea, true, $2, now())`,
        [who.id, name],
      );
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile/export', headers: a.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = JSON.parse(res.body);
    expect(data.account.email).toBe(a.email);
    expect(data.account.passkeys).toEqual([
      { name: 'Firefox (Linux)', backed_up: true, created_at: expect.any(String), last_used_at: null },
    ]);
    expect(data.profile).toMatchObject({ full_name: 'Tan Mei Ling', employer: 'Orchid Holdings' });
    expect(data.profile.marketing.provider.email).toBe(true);
    for (const key of ['lines', 'orders', 'products', 'bills', 'charges', 'payments', 'usageByDay', 'cards'])
      expect(Array.isArray(data[key]), key).toBe(true);
    expect(res.body).not.toContain(b.email);
    expect(res.body).not.toContain('Safari (iOS)');
    expect(res.body).not.toContain('credential_id');
    expect(res.body).not.toContain('gateway_token');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/profile/export' });
    expect(anonymous.statusCode).toBe(401);
  });
});
