import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from './tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const NOW = new Date('2026-11-22T10:00:00Z');
const nowSeconds = NOW.getTime() / 1000;
const claims = { sub: 'user-1', sid: 'session-1', exp: nowSeconds + 900 };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
function forge(header: unknown, payload: unknown, secret = SECRET) {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}
const payload = { ...claims, iss: 'selfcare-api', aud: 'selfcare-web', iat: nowSeconds };

describe('access tokens', () => {
  it('verifies what it signs and returns the claims', async () => {
    const token = await signAccessToken(SECRET, claims, nowSeconds);
    expect(verifyAccessToken(SECRET, token, NOW)).toEqual(claims);
  });

  it('refuses a token after its expiry, checked with the given clock', async () => {
    const token = await signAccessToken(SECRET, claims, nowSeconds);
    expect(verifyAccessToken(SECRET, token, new Date((claims.exp - 1) * 1000))).not.toBeNull();
    expect(verifyAccessToken(SECRET, token, new Date(claims.exp * 1000))).toBeNull();
  });

  it('refuses another secret, a changed payload and a cut signature', async () => {
    const token = await signAccessToken(SECRET, claims, nowSeconds);
    expect(verifyAccessToken('another-secret-of-the-same-kind-000000', token, NOW)).toBeNull();
    const [h, , s] = token.split('.');
    expect(verifyAccessToken(SECRET, `${h}.${b64({ ...payload, sub: 'user-2' })}.${s}`, NOW)).toBeNull();
    expect(verifyAccessToken(SECRET, token.slice(0, -2), NOW)).toBeNull();
    expect(verifyAccessToken(SECRET, 'not.a.token', NOW)).toBeNull();
    expect(verifyAccessToken(SECRET, '', NOW)).toBeNull();
  });

  it('refuses the "none" algorithm and any header but ours', () => {
    expect(verifyAccessToken(SECRET, `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`, NOW)).toBeNull();
    expect(verifyAccessToken(SECRET, forge({ alg: 'HS512', typ: 'JWT' }, payload), NOW)).toBeNull();
    expect(verifyAccessToken(SECRET, forge({ typ: 'JWT', alg: 'HS256' }, payload), NOW)).toBeNull();
    expect(verifyAccessToken(SECRET, forge({ alg: 'HS256', typ: 'JWT' }, payload), NOW)).toEqual(claims);
  });

  it('refuses a foreign issuer or audience, missing claims and a future nbf', () => {
    const header = { alg: 'HS256', typ: 'JWT' };
    expect(verifyAccessToken(SECRET, forge(header, { ...payload, iss: 'someone' }), NOW)).toBeNull();
    expect(verifyAccessToken(SECRET, forge(header, { ...payload, aud: 'other' }), NOW)).toBeNull();
    expect(verifyAccessToken(SECRET, forge(header, { ...payload, sid: undefined }), NOW)).toBeNull();
    expect(verifyAccessToken(SECRET, forge(header, { ...payload, exp: '9999999999' }), NOW)).toBeNull();
    expect(verifyAccessToken(SECRET, forge(header, { ...payload, nbf: nowSeconds + 60 }), NOW)).toBeNull();
  });

  it('checks a token it has seen before again against the clock, the secret and the audience', async () => {
    const token = await signAccessToken(SECRET, { ...claims, sid: 'session-seen' }, nowSeconds);
    expect(verifyAccessToken(SECRET, token, NOW)).not.toBeNull();
    expect(verifyAccessToken(SECRET, token, new Date(claims.exp * 1000))).toBeNull();
    expect(verifyAccessToken('another-secret-of-the-same-kind-000000', token, NOW)).toBeNull();
    expect(verifyAccessToken(SECRET, token, NOW, 'selfcare-staff')).toBeNull();
    expect(verifyAccessToken(SECRET, token, NOW)).not.toBeNull();
    const later = forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, nbf: nowSeconds + 60 });
    expect(verifyAccessToken(SECRET, later, NOW)).toBeNull();
    expect(verifyAccessToken(SECRET, later, new Date((nowSeconds + 60) * 1000))).toEqual(claims);
  });

  it('agrees with jose on a token jose signs with the same key', async () => {
    const token = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer('selfcare-api')
      .setAudience('selfcare-web')
      .setExpirationTime(claims.exp)
      .sign(new TextEncoder().encode(SECRET));
    expect(verifyAccessToken(SECRET, token, NOW)).toEqual(claims);
  });
});
