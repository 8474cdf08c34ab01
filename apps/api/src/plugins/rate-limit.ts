import rateLimit from '@fastify/rate-limit';
import { Messages } from '@selfcare/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { clientOf } from '../security/throttle.ts';
import { AUDIENCE, knownAudience, STAFF_AUDIENCE, verifyAccessToken } from '../security/tokens.ts';
import { bearerToken } from './auth.ts';

export interface RateLimitOptions {
  /** Requests a minute for one signed-in customer or staff member. */
  accountMax: number;
  /** Requests a minute from one address without a valid access token. */
  anonymousMax: number;
  jwtSecret: string;
  now: () => Date;
  redis?: Redis | undefined;
}

/**
 * The audience a token names, read without trusting it: it only picks which verification to run,
 * so a staff token is not first verified, and refused, as a customer's.
 */
function claimedAudience(token: string): string | undefined {
  const payload = token.split('.')[1];
  if (!payload || payload.length > 2048) return undefined;
  try {
    const aud = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { aud?: unknown }).aud;
    return typeof aud === 'string' ? aud : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whose allowance a request counts against: the account of a valid access token (its signature,
 * issuer, audience and expiry verified as the API verifies them for its own use), or else the
 * address it comes from (an IPv6 /64 as one client). A forged, expired or malformed token counts
 * against the address, so it cannot buy a fresh allowance.
 */
export async function rateLimitKey(request: FastifyRequest, jwtSecret: string, now: Date): Promise<string> {
  const token = bearerToken(request);
  if (token) {
    // A token seen before is answered from the verified tokens; only a new one has its payload read.
    const staff = (knownAudience(token) ?? claimedAudience(token)) === STAFF_AUDIENCE;
    const claims = await verifyAccessToken(jwtSecret, token, now, staff ? STAFF_AUDIENCE : AUDIENCE);
    if (claims) return `${staff ? 'staff' : 'customer'}:${claims.sub}`;
  }
  return `address:${clientOf(request.ip)}`;
}

/**
 * The API's request limit (the web app's files are not limited: a page load fetches many at once).
 * Signed-in customers and staff are limited each as themselves: mobile customers share their
 * carrier's NAT address by the thousand, and one customer's wizard must not spend another's
 * allowance. What is anonymous is limited by address, with an allowance sized for such a NAT.
 */
export async function registerRateLimit(app: FastifyInstance, opts: RateLimitOptions) {
  await app.register(rateLimit, {
    timeWindow: '1 minute',
    keyGenerator: (request) => rateLimitKey(request, opts.jwtSecret, opts.now()),
    max: (_request, key) => (key.startsWith('address:') ? opts.anonymousMax : opts.accountMax),
    allowList: (request) => !request.url.startsWith('/api/'),
    ...(opts.redis ? { redis: opts.redis } : {}),
    errorResponseBuilder: (_request, context) => {
      const err = new Error(
        Messages.tooManyAttempts(Math.max(1, Math.ceil(context.ttl / 60000))),
      ) as Error & { statusCode: number };
      err.statusCode = 429;
      return err;
    },
  });
}
