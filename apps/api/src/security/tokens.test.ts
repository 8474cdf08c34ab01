import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { knownAccessToken, refreshSuccessor, signAccessToken, verifyAccessToken } from './tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const NOW = new Date('2026-11-22T10:00:00Z');
const nowSeconds = NOW.getTime() / 1000;
const claims = { sub: 'user-1', sid: 'session-1', exp: nowSeconds + 900 };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function forge(header: unknown, payload: unknown, secret = SECRET, hash = 'sha256') {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac(hash, secret).update(body).digest('base64url')}`;
}
const payload = { ...claims, iss: 'selfcare-api', aud: 'selfcare-web', iat: nowSeconds };
const HEADER = { alg: 'HS256', typ: 'JWT' };
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A token that is new to the cache of verified tokens: each test verifies fresh text. */
let session = 0;
const fresh = () => signAccessToken(SECRET, { ...claims, sid: `session-${++session}` }, nowSeconds);

describe('access tokens', () => {
  it('verifies what it signs and returns the claims', async () => {
    const token = await signAccessToken(SECRET, claims, nowSeconds);
    expect(await verifyAccessToken(SECRET, token, NOW)).toEqual(claims);
  });

  it('refuses a token after its expiry, checked with the given clock', async () => {
    const token = await signAccessToken(SECRET, claims, nowSeconds);
    expect(await verifyAccessToken(SECRET, token, new Date((claims.exp - 1) * 1000))).not.toBeNull();
    expect(await verifyAccessToken(SECRET, token, new Date(claims.exp * 1000))).toBeNull();
    const unseen = forge(HEADER, { ...payload, sid: 'never-verified' });
    expect(await verifyAccessToken(SECRET, unseen, new Date(claims.exp * 1000))).toBeNull();
  });

  it('refuses another secret, a changed payload and a cut signature', async () => {
    const token = await signAccessToken(SECRET, claims, nowSeconds);
    expect(await verifyAccessToken('another-secret-of-the-same-kind-000000', token, NOW)).toBeNull();
    const [h, , s] = token.split('.');
    expect(
      await verifyAccessToken(SECRET, `${h}.${b64({ ...payload, sub: 'user-2' })}.${s}`, NOW),
    ).toBeNull();
    expect(await verifyAccessToken(SECRET, token.slice(0, -2), NOW)).toBeNull();
    expect(await verifyAccessToken(SECRET, 'not.a.token', NOW)).toBeNull();
    expect(await verifyAccessToken(SECRET, '', NOW)).toBeNull();
  });

  // The attack of the security test: other spellings of a valid signature were accepted as the token.
  it('refuses a valid token with padding, a space or junk appended, before and after it was verified', async () => {
    for (const seen of [false, true]) {
      const token = await fresh();
      if (seen) expect(await verifyAccessToken(SECRET, token, NOW)).not.toBeNull();
      for (const suffix of ['=', '==', ' ', '!!', '*', '%3D', '.', 'A']) {
        expect(await verifyAccessToken(SECRET, `${token}${suffix}`, NOW), JSON.stringify(suffix)).toBeNull();
      }
      expect(await verifyAccessToken(SECRET, ` ${token}`, NOW)).toBeNull();
    }
  });

  it('refuses every changed character of the signature, the spare bits of the last one included', async () => {
    const token = await fresh();
    const [h, p, s] = token.split('.') as [string, string, string];
    let tried = 0;
    for (let i = 0; i < s.length; i++) {
      // The next character of the alphabet, and (for the last one) its two unused low bits.
      const at = B64URL.indexOf(s[i] as string);
      const swaps = [B64URL[(at + 1) % 64], ...(i === s.length - 1 ? [B64URL[at ^ 1], B64URL[at ^ 2]] : [])];
      for (const c of swaps) {
        const changed = `${h}.${p}.${s.slice(0, i)}${c}${s.slice(i + 1)}`;
        expect(await verifyAccessToken(SECRET, changed, NOW), changed).toBeNull();
        tried += 1;
      }
    }
    expect(tried).toBe(45);
    expect(await verifyAccessToken(SECRET, token, NOW)).not.toBeNull();
  });

  it('refuses the "none" algorithm, HS512, HS384 and any header but ours', async () => {
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
    expect(await verifyAccessToken(SECRET, none, NOW)).toBeNull();
    expect(await verifyAccessToken(SECRET, `${b64({ alg: 'none' })}.${b64(payload)}.`, NOW)).toBeNull();
    expect(
      await verifyAccessToken(SECRET, forge({ alg: 'HS512', typ: 'JWT' }, payload, SECRET, 'sha512'), NOW),
    ).toBeNull();
    expect(
      await verifyAccessToken(SECRET, forge({ alg: 'HS384', typ: 'JWT' }, payload, SECRET, 'sha384'), NOW),
    ).toBeNull();
    expect(
      await verifyAccessToken(SECRET, forge({ alg: 'HS256', typ: 'JWT' }, payload, SECRET, 'sha512'), NOW),
    ).toBeNull();
    expect(await verifyAccessToken(SECRET, forge({ typ: 'JWT', alg: 'HS256' }, payload), NOW)).toBeNull();
    expect(
      await verifyAccessToken(SECRET, forge({ ...HEADER, crit: ['b64'], b64: false }, payload), NOW),
    ).toBeNull();
    expect(await verifyAccessToken(SECRET, forge(HEADER, payload), NOW)).toEqual(claims);
  });

  it('refuses a foreign issuer or audience, missing or mistyped claims and a future nbf', async () => {
    for (const bad of [
      { ...payload, iss: 'someone' },
      { ...payload, aud: 'other' },
      { ...payload, aud: ['other'] },
      { ...payload, sid: undefined },
      { ...payload, sid: 7 },
      { ...payload, sub: undefined },
      { ...payload, exp: undefined },
      { ...payload, exp: '9999999999' },
      { ...payload, nbf: nowSeconds + 60 },
    ]) {
      expect(await verifyAccessToken(SECRET, forge(HEADER, bad), NOW), JSON.stringify(bad)).toBeNull();
    }
    expect(await verifyAccessToken(SECRET, `${b64(HEADER)}.bm90IGpzb24.${'A'.repeat(43)}`, NOW)).toBeNull();
  });

  it('checks a token it has seen before again against the clock, the secret and the audience', async () => {
    const token = await signAccessToken(SECRET, { ...claims, sid: 'session-seen' }, nowSeconds);
    expect(knownAccessToken(SECRET, token, NOW)).toBeUndefined();
    expect(await verifyAccessToken(SECRET, token, NOW)).not.toBeNull();
    expect(knownAccessToken(SECRET, token, NOW)).toEqual({ ...claims, sid: 'session-seen' });
    expect(knownAccessToken(SECRET, token, new Date(claims.exp * 1000))).toBeNull();
    expect(await verifyAccessToken(SECRET, token, new Date(claims.exp * 1000))).toBeNull();
    expect(await verifyAccessToken('another-secret-of-the-same-kind-000000', token, NOW)).toBeNull();
    expect(await verifyAccessToken(SECRET, token, NOW, 'selfcare-staff')).toBeNull();
    expect(await verifyAccessToken(SECRET, token, NOW)).not.toBeNull();
    const later = forge(HEADER, { ...payload, nbf: nowSeconds + 60 });
    expect(await verifyAccessToken(SECRET, later, NOW)).toBeNull();
    expect(await verifyAccessToken(SECRET, later, new Date((nowSeconds + 60) * 1000))).toEqual(claims);
  });

  it('accepts a token jose signs with the same key and claims', async () => {
    const token = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader(HEADER)
      .setSubject(claims.sub)
      .setIssuer('selfcare-api')
      .setAudience('selfcare-web')
      .setExpirationTime(claims.exp)
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyAccessToken(SECRET, token, NOW)).toEqual(claims);
  });
});

describe('refresh token successors', () => {
  it('are the same for the same token and secret, and unrelated otherwise', () => {
    const a = refreshSuccessor(SECRET, 'token-a');
    expect(refreshSuccessor(SECRET, 'token-a')).toBe(a);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(refreshSuccessor(SECRET, 'token-b')).not.toBe(a);
    expect(refreshSuccessor('another-secret-of-the-same-kind-000000', 'token-a')).not.toBe(a);
  });
});
