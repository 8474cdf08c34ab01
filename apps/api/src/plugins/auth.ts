import { Messages, mayUseRoute, type RouteName } from '@selfcare/domain';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../errors.ts';
import type { SessionUser } from '../modules/auth/auth.repository.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';

export type CurrentUser = SessionUser & { sessionId: string };

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
 * given, the same access rule the web applies to that page (SPEC.md section 6).
 */
export function authenticated(auth: AuthService, route?: RouteName): preHandlerAsyncHookHandler {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    const user = token ? await auth.authenticate(token) : null;
    if (!user) throw new AppError(401, Messages.sessionExpired);
    const access = { ...user, isVerify: user.emailVerifiedAt !== null };
    if (route && !mayUseRoute(access, route)) throw new AppError(403, Messages.forbidden);
    request.currentUser = user;
  };
}
