import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  randomInt,
  timingSafeEqual,
  webcrypto,
} from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { Messages } from '@selfcare/domain';
import { SignJWT } from 'jose';
import { AppError } from '../../errors.ts';
import { Semaphore } from './semaphore.ts';

/** argon2id (algorithm 2 in @node-rs/argon2), m=19456 KiB, t=2, p=1: OWASP's recommended minimum. */
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Each hash takes ~55 ms of a core and 19 MiB, and runs on libuv's thread pool (4 threads by
 * default), which file reads and DNS lookups share: 2 at a time leave that pool half free and keep a
 * flood of sign-ins from starving every other request. 64 more may wait (about 2 s of work); beyond
 * that a sign-in is answered 503 at once instead of queueing without end.
 */
const HASH_CONCURRENCY = 2;
const HASH_QUEUE = 64;
const hashing = new Semaphore(HASH_CONCURRENCY, HASH_QUEUE, () => new AppError(503, Messages.serviceBusy));

export const hashPassword = (password: string) => hashing.run(() => hash(password, ARGON2));
export const verifyPassword = (passwordHash: string, password: string) =>
  hashing.run(() => verify(passwordHash, password).catch(() => false));

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so that an unknown email costs as much time as a known one. */
export async function burnPasswordCheck(password: string): Promise<void> {
  // A refused first hash must not be remembered as the dummy for good.
  dummyHash ??= hashPassword(randomBytes(16).toString('hex')).catch((err) => {
    dummyHash = undefined;
    throw err;
  });
  await verifyPassword(await dummyHash, password);
}

/** 32 random bytes, URL-safe: link tokens and refresh tokens. Only their SHA-256 is stored. */
export const randomToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const generateOtp = (length: number) => String(randomInt(0, 10 ** length)).padStart(length, '0');

/** OTPs are only 6 digits, so they are keyed with a server secret: a leaked table reveals nothing. */
export const hashOtp = (secret: string, phoneNumber: string, code: string) =>
  createHmac('sha256', secret).update(`${phoneNumber}:${code}`).digest('hex');

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

const ISSUER = 'selfcare-api';
/** Customers' tokens and staff tokens name different audiences: neither is accepted as the other. */
export const AUDIENCE = 'selfcare-web';
export const STAFF_AUDIENCE = 'selfcare-staff';

export interface AccessClaims {
  sub: string;
  sid: string;
  exp: number;
}

// Tokens are signed by jose with a WebCrypto key imported once per secret (jose would otherwise
// convert the key on every call).
const signingKeys = new Map<string, Promise<webcrypto.CryptoKey>>();
function signingKey(secret: string): Promise<webcrypto.CryptoKey> {
  let key = signingKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey(
      'raw',
      Buffer.from(secret, 'utf8'),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    signingKeys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  nowSeconds: number,
  audience = AUDIENCE,
): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(claims.exp)
    .sign(await signingKey(secret));
}

const verifyingKeys = new Map<string, KeyObject>();
function verifyingKey(secret: string): KeyObject {
  let key = verifyingKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    verifyingKeys.set(secret, key);
  }
  return key;
}

/** The only header we issue; anything else (another algorithm, "none", extra parameters) is refused. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

interface Verified {
  secret: string;
  audience: string;
  claims: AccessClaims;
  nbf: number | undefined;
}

/**
 * Tokens whose signature and claims were already checked, by their exact text: a signed-in page
 * sends the same token on every request until it refreshes. Only the time checks are repeated. A
 * token that differs in one byte is not found here and is verified in full.
 */
const verified = new Map<string, Verified>();
const VERIFIED_MAX = 20_000;

/**
 * Verifies one of our own access tokens: exactly our header, an HMAC-SHA256 signature compared in
 * constant time, our issuer and audience, and `exp` after `now`. Every authenticated request runs
 * this, so it is done with node:crypto in a few microseconds instead of through WebCrypto, which
 * took about 100 µs a token, and a token seen before costs one map lookup (ADR 0008). Tokens are
 * still signed by jose; tests check both agree.
 */
export function verifyAccessToken(
  secret: string,
  token: string,
  now: Date,
  audience = AUDIENCE,
): AccessClaims | null {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const known = verified.get(token);
  if (known && known.secret === secret && known.audience === audience) {
    return inTime(known.claims.exp, known.nbf, nowSeconds) ? known.claims : null;
  }
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return null;
  const expected = createHmac('sha256', verifyingKey(secret)).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof claims !== 'object' || claims === null) return null;
  const { sub, sid, exp, iss, aud, nbf } = claims;
  if (iss !== ISSUER || aud !== audience) return null;
  if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return null;
  if (nbf !== undefined && typeof nbf !== 'number') return null;
  const checked = { sub, sid, exp };
  if (verified.size >= VERIFIED_MAX) {
    // Maps iterate in insertion order: drop the oldest.
    const oldest = verified.keys().next();
    if (!oldest.done) verified.delete(oldest.value);
  }
  verified.set(token, { secret, audience, claims: checked, nbf });
  return inTime(exp, nbf, nowSeconds) ? checked : null;
}

const inTime = (exp: number, nbf: number | undefined, nowSeconds: number) =>
  exp > nowSeconds && (nbf === undefined || nbf <= nowSeconds);
