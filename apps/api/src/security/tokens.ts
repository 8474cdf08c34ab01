import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { Messages } from '@selfcare/domain';
import { type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors.ts';
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

/** One key object per secret: jose converts a key once and remembers it by the object. */
const keys = new Map<string, KeyObject>();
function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export function signAccessToken(
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
    .sign(hmacKey(secret));
}

/** The only header we issue; anything else (another algorithm, "none", extra parameters) is refused. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const SEGMENT = /^[A-Za-z0-9_-]+$/;
/** An HMAC-SHA256 signature is 32 bytes: 43 base64url characters, no padding. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/**
 * A token in the one spelling we write. Base64url decoders, jose's included, read a signature with
 * '=' or a space appended, or with its last character's two spare bits set, as the same bytes: each
 * would be another text for one token, and the cache below is keyed by text.
 */
function canonical(token: string): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const [header, payload, signature] = parts as [string, string, string];
  return (
    header === HEADER &&
    SEGMENT.test(payload) &&
    SIGNATURE.test(signature) &&
    Buffer.from(signature, 'base64url').toString('base64url') === signature
  );
}

interface Verified {
  secret: string;
  audience: string;
  claims: AccessClaims;
}

/**
 * Tokens jose has verified, by their exact text: a signed-in page sends the same token on every
 * request until it refreshes, so jose runs once a token, not once a request. Only the expiry is
 * checked again. A token that differs in one byte is not found here and goes to jose.
 */
const verified = new Map<string, Verified>();
const VERIFIED_MAX = 20_000;

/**
 * The claims of a token verified before, checked again against `now`, the secret and the audience:
 * null when it no longer passes, undefined when it was never verified (ask `verifyAccessToken`).
 * Synchronous, so an authenticated request with a known token and session needs no promise (ADR 0008).
 */
export function knownAccessToken(
  secret: string,
  token: string,
  now: Date,
  audience = AUDIENCE,
): AccessClaims | null | undefined {
  const known = verified.get(token);
  if (!known) return undefined;
  if (known.secret !== secret || known.audience !== audience) return null;
  return known.claims.exp > Math.floor(now.getTime() / 1000) ? known.claims : null;
}

/** The audience a token was verified for, when it is among those verified: no need to read its payload. */
export function knownAudience(token: string): string | undefined {
  return verified.get(token)?.audience;
}

/**
 * Verifies one of our access tokens with jose: exactly our header and spelling, HS256 only, our
 * issuer and audience, `exp` (and any `nbf`) against `now` with no tolerance, and the claims we need.
 * Null for anything else.
 */
export async function verifyAccessToken(
  secret: string,
  token: string,
  now: Date,
  audience = AUDIENCE,
): Promise<AccessClaims | null> {
  const known = knownAccessToken(secret, token, now, audience);
  if (known !== undefined) return known;
  if (!canonical(token)) return null;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, hmacKey(secret), {
      algorithms: ['HS256'],
      typ: 'JWT',
      issuer: ISSUER,
      audience,
      clockTolerance: 0,
      currentDate: now,
      requiredClaims: ['sub', 'exp'],
    }));
  } catch {
    return null;
  }
  const { sub, sid, exp } = payload;
  if (typeof sub !== 'string' || typeof sid !== 'string' || typeof exp !== 'number') return null;
  const claims = { sub, sid, exp };
  if (verified.size >= VERIFIED_MAX) {
    // Maps iterate in insertion order: drop the oldest.
    const oldest = verified.keys().next();
    if (!oldest.done) verified.delete(oldest.value);
  }
  verified.set(token, { secret, audience, claims });
  return claims;
}

const successorKeys = new Map<string, Buffer>();

/**
 * The refresh token that replaces `token`, derived from it with a key of its own: a refresh racing
 * another with the same token can work out the successor the first one issued, which is stored only
 * as a hash, and be given it too.
 */
export function refreshSuccessor(secret: string, token: string): string {
  let key = successorKeys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('refresh-token-successor').digest();
    successorKeys.set(secret, key);
  }
  return createHmac('sha256', key).update(token).digest('base64url');
}
