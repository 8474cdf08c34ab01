import type { Passkey } from '@selfcare/domain/contracts/passkeys';
import { PasskeyMessages } from '@selfcare/domain/schemas/passkeys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  body,
  createTestApp,
  linkToken,
  refreshCookie,
  signedInCustomer,
  TEST_PASSWORD,
  type TestApp,
  waitForMessage,
} from '../../test/harness.ts';
import { ceremonyOf as ceremony, SoftAuthenticator } from '../../test/soft-authenticator.ts';

/**
 * Passkeys (ADR 0059) answered by a software authenticator as a browser would, and as an attacker
 * would: a signature replayed, made for another site's address, without the user verified, or
 * with a passkey removed; another customer's passkey; a session too old to add one.
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

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
type Headers = Record<string, string>;
type Customer = Awaited<ReturnType<typeof signedInCustomer>>;
/** An active customer, who may open /profile/myProfile, where passkeys are. */
const customer = () => signedInCustomer(t, { status: 2, activated: true });

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

/** Adds a passkey made by `device` to the signed-in customer's account. */
async function addPasskey(c: Customer, device: SoftAuthenticator, headers: Headers = {}) {
  const begun = await ceremony(await send('POST', '/auth/passkeys/options', c.headers));
  return send(
    'POST',
    '/auth/passkeys',
    { ...c.headers, ...headers },
    {
      ceremony: begun.ceremony,
      credential: device.create(begun.options),
    },
  );
}

async function beginSignIn() {
  return ceremony(await send('POST', '/auth/passkeys/sign-in/options'));
}

const listOf = async (c: Customer) => body<Passkey[]>(await send('GET', '/auth/passkeys', c.headers)).data;

describe('adding a passkey', () => {
  it('is offered for the account with the person verified, then listed by its device, and the customer told', async () => {
    const c = await customer();
    const device = new SoftAuthenticator(origin);
    const begun = await ceremony(await send('POST', '/auth/passkeys/options', c.headers));
    expect(begun.options.rp.id).toBe(new URL(origin).hostname);
    expect(begun.options).toMatchObject({
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
    // The user handle names nobody: the account's id, not its address or number.
    expect(Buffer.from(begun.options.user.id, 'base64url').toString('hex')).toBe(c.id.replaceAll('-', ''));

    const added = await send(
      'POST',
      '/auth/passkeys',
      { ...c.headers, 'user-agent': ANDROID_CHROME },
      { ceremony: begun.ceremony, credential: device.create(begun.options) },
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(body(added).message).toBe(PasskeyMessages.added);
    const list = await listOf(c);
    expect(list).toEqual([
      {
        id: expect.any(String),
        name: 'Chrome (Android)',
        createdAt: expect.any(String),
        lastUsedAt: null,
        backedUp: false,
      },
    ]);

    const alert = await waitForMessage(c.email, (m) => m.subject === 'A passkey was added to your account');
    expect(alert.text).toContain('A passkey (Chrome (Android)) was added to your account on');
    // Changing the password would not remove it: the alert says what does.
    expect(alert.text).toContain('remove it under Passkeys on your profile, or reset your password');
    const sms = await waitForMessage(`+65${c.phoneNumber}`, (m) =>
      m.text.includes('A passkey (Chrome (Android))'),
    );
    expect(sms.text).toMatch(/Not you\? Call/);

    // The next ceremony excludes it: the device is not asked to make a second one.
    const next = await ceremony(await send('POST', '/auth/passkeys/options', c.headers));
    expect(next.options.excludeCredentials).toEqual([
      { id: device.credentials[0]?.id.toString('base64url'), type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('needs a sign-in of the last 10 minutes, to begin and to finish: a session left open is refused, and nothing is added', async () => {
    const c = await customer();
    const age = (minutes: number) =>
      t.ctx.database.pool.query(
        `UPDATE sessions SET created_at = now() - make_interval(mins => $2) WHERE user_id = $1`,
        [c.id, minutes],
      );
    await age(11);
    const res = await send('POST', '/auth/passkeys/options', c.headers);
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe(PasskeyMessages.signInAgain);
    // Begun at 9 minutes, answered at 11.
    await age(9);
    const begun = await ceremony(await send('POST', '/auth/passkeys/options', c.headers));
    await age(11);
    const late = await send('POST', '/auth/passkeys', c.headers, {
      ceremony: begun.ceremony,
      credential: new SoftAuthenticator(origin).create(begun.options),
    });
    expect(late.statusCode).toBe(403);
    expect(await listOf(c)).toEqual([]);
  });

  it('is for an account that may open its profile: not one whose address is unconfirmed', async () => {
    const c = await signedInCustomer(t, { status: 2, activated: true, emailVerifiedAt: null });
    expect((await send('POST', '/auth/passkeys/options', c.headers)).statusCode).toBe(403);
    expect((await send('GET', '/auth/passkeys', c.headers)).statusCode).toBe(403);
  });

  it("refuses another customer's ceremony, a spent one, and an answer for another site or without the person verified", async () => {
    const c = await customer();
    const other = await customer();
    const device = new SoftAuthenticator(origin);
    const theirs = await ceremony(await send('POST', '/auth/passkeys/options', other.headers));
    const stolen = await send('POST', '/auth/passkeys', c.headers, {
      ceremony: theirs.ceremony,
      credential: device.create(theirs.options),
    });
    expect(stolen.statusCode).toBe(400);
    expect(body(stolen).message).toBe(PasskeyMessages.expired);

    for (const answering of [{ origin: 'https://selfcare-login.example.com' }, { userVerified: false }]) {
      const begun = await ceremony(await send('POST', '/auth/passkeys/options', c.headers));
      const res = await send('POST', '/auth/passkeys', c.headers, {
        ceremony: begun.ceremony,
        credential: device.create(begun.options, answering),
      });
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(PasskeyMessages.notAdded);
      // The ceremony was spent by the refused answer.
      const again = await send('POST', '/auth/passkeys', c.headers, {
        ceremony: begun.ceremony,
        credential: device.create(begun.options),
      });
      expect(body(again).message).toBe(PasskeyMessages.expired);
    }
    expect(await listOf(c)).toEqual([]);
    expect(await listOf(other)).toEqual([]);
  });

  it('refuses an answer that is not one, naming the field, and adds nothing', async () => {
    const c = await customer();
    const begun = await ceremony(await send('POST', '/auth/passkeys/options', c.headers));
    const credential = new SoftAuthenticator(origin).create(begun.options);
    const res = await send('POST', '/auth/passkeys', c.headers, {
      ceremony: begun.ceremony,
      credential: { ...credential, response: { clientDataJSON: credential.response.clientDataJSON } },
    });
    expect(res.statusCode).toBe(422);
    expect(await listOf(c)).toEqual([]);
    expect((await send('GET', '/auth/passkeys')).statusCode).toBe(401);
  });
});

describe('signing in with a passkey', () => {
  it('signs in the account whose passkey signed, with a refresh cookie, and marks it used', async () => {
    const c = await customer();
    const device = new SoftAuthenticator(origin);
    expect((await addPasskey(c, device)).statusCode).toBe(201);

    const begun = await beginSignIn();
    expect(begun.options).toMatchObject({ rpId: new URL(origin).hostname, userVerification: 'required' });
    const res = await send(
      'POST',
      '/auth/passkeys/sign-in',
      {},
      { ceremony: begun.ceremony, credential: device.get(begun.options) },
    );
    expect(res.statusCode, res.body).toBe(200);
    const session = body<{ token: string; authUser: { id: string; email: string } }>(res).data;
    expect(session.authUser).toMatchObject({ id: c.id, email: c.email });
    expect(refreshCookie(res)).toBeTruthy();
    const account = await send('GET', '/auth/passkeys', { authorization: `Bearer ${session.token}` });
    expect(body<Passkey[]>(account).data[0]?.lastUsedAt).not.toBeNull();
  });

  it('takes each signature once: the same answer again is refused, as is one signed for another ceremony', async () => {
    const c = await customer();
    const device = new SoftAuthenticator(origin);
    await addPasskey(c, device);
    const begun = await beginSignIn();
    const answer = device.get(begun.options);
    expect(
      (await send('POST', '/auth/passkeys/sign-in', {}, { ceremony: begun.ceremony, credential: answer }))
        .statusCode,
    ).toBe(200);
    const replayed = await send(
      'POST',
      '/auth/passkeys/sign-in',
      {},
      { ceremony: begun.ceremony, credential: answer },
    );
    expect(replayed.statusCode).toBe(400);
    expect(body(replayed).message).toBe(PasskeyMessages.expired);
    const fresh = await beginSignIn();
    const moved = await send(
      'POST',
      '/auth/passkeys/sign-in',
      {},
      { ceremony: fresh.ceremony, credential: answer },
    );
    expect(moved.statusCode).toBe(401);
    expect(body(moved).message).toBe(PasskeyMessages.failed);
    expect(refreshCookie(moved)).toBeUndefined();
  });

  it('refuses a signature made on another site, without the person verified, or by a passkey no account has', async () => {
    const c = await customer();
    const device = new SoftAuthenticator(origin);
    await addPasskey(c, device);
    const stranger = new SoftAuthenticator(origin);
    stranger.create({ challenge: 'x', user: { id: 'eA' } });
    for (const attempt of [
      (o: { challenge: string }) => device.get(o, { origin: 'https://selfcare-login.example.com' }),
      (o: { challenge: string }) => device.get(o, { rpId: 'example.com' }),
      (o: { challenge: string }) => device.get(o, { userVerified: false }),
      (o: { challenge: string }) => stranger.get(o),
    ]) {
      const begun = await beginSignIn();
      const res = await send(
        'POST',
        '/auth/passkeys/sign-in',
        {},
        { ceremony: begun.ceremony, credential: attempt(begun.options) },
      );
      expect(res.statusCode).toBe(401);
      expect(body(res).message).toBe(PasskeyMessages.failed);
    }
  });
});

describe("a customer's passkeys", () => {
  it('are theirs alone: another customer neither lists nor removes them', async () => {
    const c = await customer();
    const other = await customer();
    await addPasskey(c, new SoftAuthenticator(origin));
    const [mine] = await listOf(c);
    expect(await listOf(other)).toEqual([]);
    const res = await send('DELETE', `/auth/passkeys/${mine?.id}`, other.headers);
    expect(res.statusCode).toBe(404);
    expect(body(res).message).toBe(PasskeyMessages.notFound);
    expect(await listOf(c)).toHaveLength(1);
  });

  it('once removed, no longer sign in; the password still does, and the customer is told', async () => {
    const c = await customer();
    const device = new SoftAuthenticator(origin);
    await addPasskey(c, device);
    const [key] = await listOf(c);
    const removed = await send('DELETE', `/auth/passkeys/${key?.id}`, c.headers);
    expect(removed.statusCode).toBe(200);
    expect(body(removed).message).toBe(PasskeyMessages.removed);
    expect(await listOf(c)).toEqual([]);
    await waitForMessage(c.email, (m) => m.subject === 'A passkey was removed from your account');

    const begun = await beginSignIn();
    const res = await send(
      'POST',
      '/auth/passkeys/sign-in',
      {},
      { ceremony: begun.ceremony, credential: device.get(begun.options) },
    );
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(PasskeyMessages.failed);
    const password = await send('POST', '/auth/login', {}, { email: c.email, password: TEST_PASSWORD });
    expect(password.statusCode).toBe(200);
  });
});

describe('what takes passkeys away', () => {
  it('a password reset: whoever added one with the old password can no longer sign in with it', async () => {
    const c = await customer();
    const device = new SoftAuthenticator(origin);
    await addPasskey(c, device);
    expect((await send('POST', '/auth/forgotPassword', {}, { email: c.email })).statusCode).toBe(200);
    const mail = await waitForMessage(c.email, (m) => m.subject?.includes('Reset') ?? false);
    const reset = await send(
      'POST',
      '/auth/resetPassword',
      {},
      {
        token: linkToken(mail.text, '/resetPassword'),
        password: 'Merlion$Park21',
        confirmPassword: 'Merlion$Park21',
      },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    const begun = await beginSignIn();
    const res = await send(
      'POST',
      '/auth/passkeys/sign-in',
      {},
      {
        ceremony: begun.ceremony,
        credential: device.get(begun.options),
      },
    );
    expect(res.statusCode).toBe(401);
    expect(body(res).message).toBe(PasskeyMessages.failed);
  });

  it("an 'Us' line's login that ended with its line", async () => {
    const c = await customer();
    const device = new SoftAuthenticator(origin);
    await addPasskey(c, device);
    await t.ctx.database.transaction((tx) => t.ctx.accounts.closeSubLineLogin(tx, c.id, new Date()));
    const begun = await beginSignIn();
    const res = await send(
      'POST',
      '/auth/passkeys/sign-in',
      {},
      {
        ceremony: begun.ceremony,
        credential: device.get(begun.options),
      },
    );
    expect(res.statusCode).toBe(401);
  });
});
