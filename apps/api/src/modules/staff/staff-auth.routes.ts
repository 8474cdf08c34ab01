import { Messages } from '@selfcare/domain';
import { FulfilmentMessages, StaffPermission } from '@selfcare/domain/fulfilment';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { ok } from '../../http.ts';
import { bearerToken } from '../../plugins/auth.ts';
import { currentStaff, staffOnly } from '../../plugins/staff-auth.ts';
import { route } from '../../route.ts';
import type { IssuedStaffSession, StaffAuthService } from './staff-auth.service.ts';

export const STAFF_REFRESH_COOKIE = 'sc_staff_refresh';
const COOKIE_PATH = '/api/v1/staff/auth';

export interface StaffAuthRoutesOptions {
  staffAuth: StaffAuthService;
  config: Config;
}

/** Staff sign-in, refresh and sign-out under /api/v1/staff/auth. */
export const staffAuthRoutes: FastifyPluginAsyncZod<StaffAuthRoutesOptions> = async (
  app,
  { staffAuth, config },
) => {
  const limit = { rateLimit: { max: config.AUTH_RATE_LIMIT_MAX, timeWindow: '1 minute' } };
  const cookie = {
    httpOnly: true,
    secure: config.COOKIE_SECURE,
    sameSite: 'strict' as const,
    path: COOKIE_PATH,
  };
  const tags = ['staff'];
  const send = (reply: FastifyReply, s: IssuedStaffSession, message: string) => {
    reply.setCookie(STAFF_REFRESH_COOKIE, s.refreshToken, { ...cookie, expires: s.refreshExpiresAt });
    return ok({ token: s.token, exp: s.exp, staff: s.staff }, message);
  };

  route(app, 'POST /staff/auth/login', { config: limit, schema: { tags } }, async (request, reply) => {
    const { email, password, ...second } = request.body;
    const session = await staffAuth.login(email, password, second, {
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    return send(reply, session, 'Login successfully');
  });

  // Passkeys (ADR 0059): a second factor beside the code. The challenge is for any passkey the device
  // holds; the password says whose it must be.
  route(app, 'POST /staff/auth/passkeys/sign-in/options', { config: limit, schema: { tags } }, async () =>
    ok(await staffAuth.passkeys.beginSignIn()),
  );
  const signedIn = {
    preHandler: staffOnly(staffAuth, StaffPermission.ViewOrders),
    schema: { tags, security: [{ bearer: [] }] },
  };
  route(app, 'GET /staff/auth/passkeys', signedIn, async (request) =>
    ok(await staffAuth.passkeys.list(currentStaff(request).id)),
  );
  route(app, 'POST /staff/auth/passkeys/options', { ...signedIn, config: limit }, async (request) =>
    ok(await staffAuth.passkeys.beginAdd(currentStaff(request))),
  );
  route(app, 'POST /staff/auth/passkeys', { ...signedIn, config: limit }, async (request, reply) => {
    const added = await staffAuth.passkeys.add(
      currentStaff(request),
      request.body,
      request.headers['user-agent'],
    );
    reply.status(201);
    return ok(added, FulfilmentMessages.staffPasskeyAdded, 201);
  });
  route(app, 'DELETE /staff/auth/passkeys/:id', signedIn, async (request) => {
    await staffAuth.passkeys.remove(currentStaff(request), request.params.id);
    return ok(null, FulfilmentMessages.staffPasskeyRemoved);
  });

  route(app, 'POST /staff/auth/refresh', { config: limit, schema: { tags } }, async (request, reply) => {
    try {
      return send(reply, await staffAuth.refresh(request.cookies[STAFF_REFRESH_COOKIE]), 'OK');
    } catch (err) {
      reply.clearCookie(STAFF_REFRESH_COOKIE, cookie);
      throw err;
    }
  });

  route(app, 'POST /staff/auth/logout', { schema: { tags } }, async (request, reply) => {
    await staffAuth.logout(bearerToken(request), request.cookies[STAFF_REFRESH_COOKIE]);
    reply.clearCookie(STAFF_REFRESH_COOKIE, cookie);
    return ok(null, Messages.loggedOut);
  });

  route(
    app,
    'GET /staff/auth/me',
    {
      preHandler: staffOnly(staffAuth, StaffPermission.ViewOrders),
      schema: { tags, security: [{ bearer: [] }] },
    },
    async (request) => {
      const { sessionId: _, ...staff } = currentStaff(request);
      return ok(staff);
    },
  );
};
