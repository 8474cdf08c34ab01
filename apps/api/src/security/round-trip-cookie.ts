import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from './tokens.ts';

/**
 * The browser's side of a Singpass / MyInfo round trip. A random value in an HttpOnly cookie is set
 * when the round trip starts and must come back with the code: a code carried off to another
 * browser cannot be redeemed there, whoever holds the state.
 */
export const ROUND_TRIP_COOKIE = 'sc_sso';
const PATH = '/api/v1/auth';

/** The browser's round-trip value, set now when it has none. */
export function roundTripBrowser(request: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const known = request.cookies[ROUND_TRIP_COOKIE];
  if (known && /^[A-Za-z0-9_-]{32,}$/.test(known)) return known;
  const value = randomToken();
  reply.setCookie(ROUND_TRIP_COOKIE, value, {
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: PATH,
    maxAge: 60 * 60,
  });
  return value;
}

/** The value the browser brought back, if any. */
export const returningBrowser = (request: FastifyRequest): string | undefined =>
  request.cookies[ROUND_TRIP_COOKIE];
