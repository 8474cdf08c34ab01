import type { Passkey } from '@selfcare/domain/contracts/passkeys';
import { FulfilmentMessages } from '@selfcare/domain/fulfilment';
import { PasskeyMessages } from '@selfcare/domain/schemas/passkeys';
import type { LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, signedInCustomer, type TestApp } from '../../test/harness.ts';
import { ceremonyOf as ceremony, SoftAuthenticator } from '../../test/soft-authenticator.ts';
import { STAFF_PASSWORD, signedInStaff, staffLogin, type TestStaff } from '../../test/staff.ts';

/**
 * Staff's passkeys (ADR 0059): a second factor beside the authenticator code, answered by a software
 * authenticator as a browser would and as an attacker would: with a wrong password, another staff
 * member's passkey, a customer's passkey, a replay, another site's address, the user not verified,
 * a removed passkey, a disabled staff member, a session too old to add one.
 */
let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp();
  origin = new URL(t.ctx.config.PUBLIC_URL).origin;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Headers = Record<string, string>;
type Staff = TestStaff & { headers: Headers };
const send = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

/** Adds a passkey made by `device` to the signed-in staff member's. */
async function addPasskey(staff: Staff, device: SoftAuthenticator) {
  const begun = await ceremony(await send('POST', '/staff/auth/passkeys/options', staff.headers));
  return send('POST', '/staff/auth/passkeys', staff.headers, {
    ceremony: begun.ceremony,
    credential: device.create(begun.options),
  });
}

/** A staff sign-in with the password and `device`'s answer to a new ceremony. */
async function signIn(
  staff: Pick<TestStaff, 'email'>,
  device: SoftAuthenticator,
  opts: { password?: string; answer?: Parameters<SoftAuthenticator['get']>[1] } = {},
) {
  const begun = await ceremony(await send('POST', '/staff/auth/passkeys/sign-in/options'));
  const credential = device.get(begun.options, opts.answer);
  const res = await send('POST', '/staff/auth/login', undefined, {
    email: staff.email,
    password: opts.password ?? STAFF_PASSWORD,
    passkey: { ceremony: begun.ceremony, credential },
  });
  return Object.assign(res, { ceremony: begun.ceremony, credential });
}

const listOf = async (staff: Staff) =>
  body<Passkey[]>(await send('GET', '/staff/auth/passkeys', staff.headers)).data;

const refused = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(401);
  expect(body(res).message).toBe(FulfilmentMessages.staffPasskeyLoginInvalid);
};

const auditOf = async (staffId: string) =>
  (
    await t.ctx.database.pool.query<{ action: string; subject: string | null; detail: { factor?: string } }>(
      'SELECT action, subject, detail FROM staff_audit_log WHERE staff_id = $1 ORDER BY id',
      [staffId],
    )
  ).rows;

describe("a staff member's passkey", () => {
  it('is added soon after signing in, listed, and signs in with the password instead of the code; the audit log has both', async () => {
    const staff = await signedInStaff(t, 'agent');
    const device = new SoftAuthenticator(origin);
    const begun = await ceremony(await send('POST', '/staff/auth/passkeys/options', staff.headers));
    expect(begun.options.rp).toEqual({ id: new URL(origin).hostname, name: 'Selfcare Mobile staff console' });
    expect(Buffer.from(begun.options.user.id, 'base64url').toString('hex')).toBe(
      staff.id.replaceAll('-', ''),
    );
    const added = await send(
      'POST',
      '/staff/auth/passkeys',
      { ...staff.headers, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' },
      { ceremony: begun.ceremony, credential: device.create(begun.options) },
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(body(added).message).toBe(FulfilmentMessages.staffPasskeyAdded);
    expect(await listOf(staff)).toEqual([
      expect.objectContaining({ name: 'Chrome (Linux)', lastUsedAt: null }),
    ]);

    const res = await signIn(staff, device);
    expect(res.statusCode, res.body).toBe(200);
    const session = body<{ token: string; staff: { email: string } }>(res).data;
    expect(session.staff.email).toBe(staff.email);
    expect(
      (await send('GET', '/staff/auth/me', { authorization: `Bearer ${session.token}` })).statusCode,
    ).toBe(200);
    expect((await listOf(staff))[0]?.lastUsedAt).not.toBeNull();
    expect((await auditOf(staff.id)).map((a) => [a.action, a.subject ?? a.detail.factor])).toEqual([
      ['sign-in', 'code'],
      ['passkey-added', 'Chrome (Linux)'],
      ['sign-in', 'passkey'],
    ]);
  });

  it('is never a way in alone: a wrong password with it is refused, and spends its ceremony; a signature replayed is refused', async () => {
    const staff = await signedInStaff(t, 'agent');
    const device = new SoftAuthenticator(origin);
    expect((await addPasskey(staff, device)).statusCode).toBe(201);
    const guess = await signIn(staff, device, { password: 'Wrong#Pass1' });
    refused(guess);
    // A wrong password spent the ceremony too: its answer cannot be sent again to try another
    // password, nor tell whether the one tried was right.
    refused(
      await send('POST', '/staff/auth/login', undefined, {
        email: staff.email,
        password: STAFF_PASSWORD,
        passkey: { ceremony: guess.ceremony, credential: guess.credential },
      }),
    );
    const good = await signIn(staff, device);
    expect(good.statusCode).toBe(200);
    // The same answer again, to its spent ceremony.
    refused(
      await send('POST', '/staff/auth/login', undefined, {
        email: staff.email,
        password: STAFF_PASSWORD,
        passkey: { ceremony: good.ceremony, credential: good.credential },
      }),
    );
  });

  it("answers only for its own staff member: another's passkey, a customer's, another site's or an unverified user are refused", async () => {
    const staff = await signedInStaff(t, 'agent');
    const other = await signedInStaff(t, 'supervisor');
    const theirs = new SoftAuthenticator(origin);
    expect((await addPasskey(other, theirs)).statusCode).toBe(201);
    // My password, their passkey.
    refused(await signIn(staff, theirs));

    // A customer's passkey on this portal.
    const customer = await signedInCustomer(t, { status: 2, activated: true });
    const phone = new SoftAuthenticator(origin);
    const begun = await ceremony(await send('POST', '/auth/passkeys/options', customer.headers));
    const made = await send('POST', '/auth/passkeys', customer.headers, {
      ceremony: begun.ceremony,
      credential: phone.create(begun.options),
    });
    expect(made.statusCode, made.body).toBe(201);
    refused(await signIn(staff, phone));
    // And a staff member's passkey does not sign in a customer.
    const mine = new SoftAuthenticator(origin);
    expect((await addPasskey(staff, mine)).statusCode).toBe(201);
    const customerCeremony = await ceremony(await send('POST', '/auth/passkeys/sign-in/options'));
    const asCustomer = await send('POST', '/auth/passkeys/sign-in', undefined, {
      ceremony: customerCeremony.ceremony,
      credential: mine.get(customerCeremony.options),
    });
    expect(asCustomer.statusCode).toBe(401);

    expect((await signIn(staff, mine)).statusCode).toBe(200);
    // Signed for another site, or without the person verified (on the other member: a few refusals
    // each, well within the sign-in throttle's five).
    refused(await signIn(other, theirs, { answer: { origin: 'https://selfcare.example.net' } }));
    refused(await signIn(other, theirs, { answer: { userVerified: false } }));
    expect((await signIn(other, theirs)).statusCode).toBe(200);
  });

  it('is removed by its staff member only, and then signs in no more; the code still does', async () => {
    const staff = await signedInStaff(t, 'agent');
    const other = await signedInStaff(t, 'admin');
    const device = new SoftAuthenticator(origin);
    const added = body<Passkey>(await addPasskey(staff, device)).data;
    expect((await send('DELETE', `/staff/auth/passkeys/${added.id}`, other.headers)).statusCode).toBe(404);
    expect(await listOf(staff)).toHaveLength(1);
    expect(await listOf(other)).toEqual([]);

    const removed = await send('DELETE', `/staff/auth/passkeys/${added.id}`, staff.headers);
    expect(removed.statusCode).toBe(200);
    expect(body(removed).message).toBe(FulfilmentMessages.staffPasskeyRemoved);
    expect(await listOf(staff)).toEqual([]);
    refused(await signIn(staff, device));
    expect((await auditOf(staff.id)).map((a) => a.action)).toContain('passkey-removed');
    // The authenticator's next code (the current one opened the first session) still signs in.
    const next = await generate({ secret: staff.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect((await staffLogin(t, staff, next)).statusCode).toBe(200);
  });

  it('signs in no disabled staff member', async () => {
    const staff = await signedInStaff(t, 'agent');
    const device = new SoftAuthenticator(origin);
    expect((await addPasskey(staff, device)).statusCode).toBe(201);
    await t.ctx.database.pool.query('UPDATE staff_users SET disabled_at = now() WHERE id = $1', [staff.id]);
    refused(await signIn(staff, device));
  });

  it('is added only within 10 minutes of signing in, to begin and to finish', async () => {
    const staff = await signedInStaff(t, 'agent');
    const age = (minutes: number) =>
      t.ctx.database.pool.query(
        `UPDATE staff_sessions SET created_at = now() - make_interval(mins => $2) WHERE staff_id = $1`,
        [staff.id, minutes],
      );
    await age(9);
    const begun = await ceremony(await send('POST', '/staff/auth/passkeys/options', staff.headers));
    await age(11);
    const late = await send('POST', '/staff/auth/passkeys', staff.headers, {
      ceremony: begun.ceremony,
      credential: new SoftAuthenticator(origin).create(begun.options),
    });
    expect(late.statusCode).toBe(403);
    expect(body(late).message).toBe(PasskeyMessages.signInAgain);
    expect((await send('POST', '/staff/auth/passkeys/options', staff.headers)).statusCode).toBe(403);
    expect(await listOf(staff)).toEqual([]);
  });

  it('is for staff: a customer can neither list nor add one', async () => {
    const customer = await signedInCustomer(t, { status: 2, activated: true });
    for (const res of [
      await send('GET', '/staff/auth/passkeys', customer.headers),
      await send('POST', '/staff/auth/passkeys/options', customer.headers),
    ])
      expect(res.statusCode).toBe(403);
    expect((await send('GET', '/staff/auth/passkeys')).statusCode).toBe(401);
  });
});
