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
import { jwtVerify, SignJWT } from 'jose';

/** argon2id (algorithm 2 in @node-rs/argon2), m=19456 KiB, t=2, p=1: OWASP's recommended minimum. */
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);
export const verifyPassword = (passwordHash: string, password: string) =>
  verify(passwordHash, password).catch(() => false);

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so that an unknown email costs as much time as a known one. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
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
const AUDIENCE = 'selfcare-web';

export interface AccessClaims {
  sub: string;
  sid: string;
  exp: number;
}

// Importing the key is a large part of each verification; keep the key object per secret.
const keys = new Map<string, KeyObject>();
function keyFor(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  nowSeconds: number,
): Promise<string> {
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(claims.exp)
    .sign(keyFor(secret));
}

export async function verifyAccessToken(
  secret: string,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number')
      return null;
    return { sub: payload.sub, sid: payload.sid, exp: payload.exp };
  } catch {
    return null;
  }
}
