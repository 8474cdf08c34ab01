import { Messages, mayUseRoute, type RouteName } from '@selfcare/domain';
import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * A customer's account row. The auth module, which owns the table, fills it in with its columns
 * (auth/auth.repository.ts), so that the plugin imports no table and does not import the module that
 * imports it (ADR 0045).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the auth module's declaration
export interface UserRow {}

/** A customer as their open session knows them. */
export interface SessionUser extends UserRow {
  subline: number;
}
export type CurrentUser = SessionUser & { sessionId: string };

/** What the guard needs of customers' sessions: the auth module's service provides it. */
export interface CustomerSessions {
  authenticate(accessToken: string): CurrentUser | null | Promise<CurrentUser | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

/** The signed-in caller; only valid after an `authenticated` pre-handler ran. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw new AppError(401, Messages.sessionExpired);
  return request.currentUser;
}

/**
 * Pre-handler factory: a valid access token whose session is still open, and, when `route` is
 * given, the same access rule the web applies to that page (SPEC.md section 6). Written with a
 * callback so that a session already known answers without a promise (ADR 0008).
 */
export function authenticated(
  auth: CustomerSessions,
  route?: RouteName | readonly RouteName[],
): preHandlerHookHandler {
  // A call several pages make (the CIS check: the order wizard's and the profile's) needs any one of them.
  const routes = route === undefined ? [] : typeof route === 'string' ? [route] : route;
  const admit = (request: FastifyRequest, user: CurrentUser | null): AppError | undefined => {
    if (!user) return new AppError(401, Messages.sessionExpired);
    const access = { ...user, isVerify: user.emailVerifiedAt !== null };
    if (routes.length && !routes.some((r) => mayUseRoute(access, r)))
      return new AppError(403, Messages.forbidden);
    request.currentUser = user;
    return undefined;
  };
  return (request, _reply, done) => {
    const token = bearerToken(request);
    const user = token ? auth.authenticate(token) : null;
    if (user instanceof Promise) user.then((found) => done(admit(request, found)), done);
    else done(admit(request, user));
  };
}
