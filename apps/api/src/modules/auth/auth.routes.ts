import { Messages, preferredLocale } from '@selfcare/domain';
import { PasskeyMessages } from '@selfcare/domain/schemas/passkeys';
import { ProfileMessages } from '@selfcare/domain/schemas/profile';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { ok } from '../../http.ts';
import { authenticated, bearerToken, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import { returningBrowser } from '../../security/round-trip-cookie.ts';
import type { AccountService } from './account.service.ts';
import { type IssuedSession, type RequestMeta, toAuthUser } from './auth-shared.ts';
import type { PasskeyService } from './passkey.service.ts';
import type { SessionService } from './session.service.ts';
import type { SignInService } from './sign-in.service.ts';

export const REFRESH_COOKIE = 'sc_refresh';
const COOKIE_PATH = '/api/v1/auth';

/** The Singpass sign-in of online activation, which fulfilment provides (it knows the orders). */
export interface KycSignIn {
  loginByKyc(
    input: { code: string; state: string; orderNumber: string },
    meta: RequestMeta,
    browser: string | undefined,
  ): Promise<IssuedSession>;
}

export interface AuthRoutesOptions {
  accounts: AccountService;
  signIn: SignInService;
  sessions: SessionService;
  passkeys: PasskeyService;
  /** Signs a customer in by Singpass for online activation (POST /loginByKyc). */
  online: KycSignIn;
  config: Config;
  version: () => string;
}

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { accounts, signIn, sessions, passkeys, online, config, version },
) => {
  const authLimit = { rateLimit: { max: config.AUTH_RATE_LIMIT_MAX, timeWindow: '1 minute' } };

  const sendSession = (reply: FastifyReply, s: IssuedSession, message: string) => {
    reply.setCookie(REFRESH_COOKIE, s.refreshToken, {
      httpOnly: true,
      secure: config.COOKIE_SECURE,
      sameSite: 'strict',
      path: COOKIE_PATH,
      expires: s.refreshExpiresAt,
    });
    return ok({ token: s.token, authUser: s.authUser, version: version() }, message);
  };
  const clearCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, {
      path: COOKIE_PATH,
      httpOnly: true,
      secure: config.COOKIE_SECURE,
      sameSite: 'strict',
    });

  route(
    app,
    'POST /auth/register',
    { config: authLimit, schema: { tags: ['auth'] } },
    async (request, reply) => {
      await accounts.register(request.body, preferredLocale(request.headers['accept-language']));
      reply.status(201);
      return ok(null, Messages.registered, 201);
    },
  );

  route(
    app,
    'POST /auth/activeAccount/',
    { config: authLimit, schema: { tags: ['auth'] } },
    async (request) => ok(null, await accounts.confirmEmail(request.body.token)),
  );

  route(
    app,
    'POST /auth/resendEmail',
    {
      config: authLimit,
      preHandler: authenticated(sessions),
      schema: { tags: ['auth'], security: [{ bearer: [] }] },
    },
    async (request) => {
      await accounts.resendConfirmation(currentUser(request));
      return ok(null, Messages.confirmationResent);
    },
  );

  route(
    app,
    'POST /auth/login',
    { config: authLimit, schema: { tags: ['auth'] } },
    async (request, reply) => {
      const body = request.body;
      const session =
        'password' in body
          ? await signIn.loginWithPassword(body.email, body.password, meta(request))
          : await signIn.loginWithOtp(body.phoneNumber, body.otp, meta(request));
      return sendSession(reply, session, 'Login successfully');
    },
  );

  route(
    app,
    'POST /auth/loginByKyc',
    { config: authLimit, schema: { tags: ['auth'] } },
    async (request, reply) => {
      const session = await online.loginByKyc(request.body, meta(request), returningBrowser(request));
      return sendSession(reply, session, 'Login successfully');
    },
  );

  route(app, 'POST /auth/getOTPLogin', { config: authLimit, schema: { tags: ['auth'] } }, async (request) => {
    const message = await signIn.requestOtp(request.body.phoneNumber, request.body.method, meta(request));
    return ok(null, message);
  });

  route(
    app,
    'POST /auth/forgotPassword',
    { config: authLimit, schema: { tags: ['auth'] } },
    async (request) => {
      await accounts.forgotPassword(request.body.email, meta(request));
      return ok(null, Messages.resetRequested);
    },
  );

  // POST with the token in the body, where SPEC.md has GET: a query string is written to access logs
  // and proxies' logs (ADR 0018).
  route(
    app,
    'POST /auth/verify-password-reset-token',
    { config: authLimit, schema: { tags: ['auth'] } },
    async (request) => {
      await accounts.checkResetToken(request.body.token);
      return ok({ valid: true as const });
    },
  );

  route(
    app,
    'POST /auth/resetPassword',
    { config: authLimit, schema: { tags: ['auth'] } },
    async (request) => {
      await accounts.resetPassword(request.body.token, request.body.password);
      return ok(null, Messages.passwordChanged);
    },
  );

  route(app, 'POST /auth/refreshToken', { schema: { tags: ['auth'] } }, async (request, reply) => {
    try {
      const session = await sessions.refresh(request.cookies[REFRESH_COOKIE]);
      return sendSession(reply, session, 'OK');
    } catch (err) {
      clearCookie(reply);
      throw err;
    }
  });

  route(
    app,
    'PUT /auth/language',
    { preHandler: authenticated(sessions), schema: { tags: ['auth'], security: [{ bearer: [] }] } },
    async (request) => {
      const user = currentUser(request);
      await accounts.setLanguage(user.id, request.body.language);
      return ok(toAuthUser({ ...user, language: request.body.language }));
    },
  );

  route(
    app,
    'PUT /auth/password',
    {
      preHandler: authenticated(sessions, 'myProfile'),
      config: authLimit,
      schema: { tags: ['auth'], security: [{ bearer: [] }] },
    },
    async (request) => {
      await accounts.changePassword(
        currentUser(request),
        request.body.currentPassword,
        request.body.password,
      );
      return ok(null, ProfileMessages.passwordChanged);
    },
  );

  route(
    app,
    'PUT /auth/email',
    {
      preHandler: authenticated(sessions, 'myProfile'),
      config: authLimit,
      schema: { tags: ['auth'], security: [{ bearer: [] }] },
    },
    async (request) => {
      const { email, currentPassword } = request.body;
      return ok(null, await accounts.requestEmailChange(currentUser(request), email, currentPassword));
    },
  );

  // Passkeys (ADR 0059): signing in with one, and the signed-in customer's own.
  route(
    app,
    'POST /auth/passkeys/sign-in/options',
    { config: authLimit, schema: { tags: ['auth'] } },
    async () => ok(await passkeys.beginSignIn()),
  );

  route(
    app,
    'POST /auth/passkeys/sign-in',
    { config: authLimit, schema: { tags: ['auth'] } },
    async (request, reply) =>
      sendSession(reply, await passkeys.signIn(request.body, meta(request)), 'Login successfully'),
  );

  // A customer's passkeys are theirs to see on /profile/myProfile: the same access rule.
  const signedIn = {
    preHandler: authenticated(sessions, 'myProfile'),
    schema: { tags: ['auth'], security: [{ bearer: [] }] },
  };

  route(app, 'GET /auth/passkeys', signedIn, async (request) =>
    ok(await passkeys.list(currentUser(request).id)),
  );

  route(app, 'POST /auth/passkeys/options', { ...signedIn, config: authLimit }, async (request) =>
    ok(await passkeys.beginAdd(currentUser(request))),
  );

  route(app, 'POST /auth/passkeys', { ...signedIn, config: authLimit }, async (request, reply) => {
    const added = await passkeys.add(currentUser(request), request.body, request.headers['user-agent']);
    reply.status(201);
    return ok(added, PasskeyMessages.added, 201);
  });

  route(app, 'DELETE /auth/passkeys/:id', signedIn, async (request) => {
    await passkeys.remove(currentUser(request), request.params.id);
    return ok(null, PasskeyMessages.removed);
  });

  route(app, 'POST /auth/logout', { schema: { tags: ['auth'] } }, async (request, reply) => {
    await sessions.logout(bearerToken(request), request.cookies[REFRESH_COOKIE], request.body?.pushEndpoint);
    clearCookie(reply);
    return ok(null, Messages.loggedOut);
  });
};
