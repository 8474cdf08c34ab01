import {
  forgotPasswordSchema,
  loginSchema,
  Messages,
  otpRequestSchema,
  registerSchema,
  resetPasswordSchema,
  tokenSchema,
} from '@selfcare/domain';
import { resetTokenCheckSchema, sessionResponseSchema } from '@selfcare/domain/contracts/auth';
import { loginByKycSchema } from '@selfcare/domain/fulfilment';
import { changeEmailSchema, changePasswordSchema, ProfileMessages } from '@selfcare/domain/schemas/profile';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { emptyEnvelope, envelopeOf, ok } from '../../http.ts';
import { authenticated, bearerToken, currentUser } from '../../plugins/auth.ts';
import { returningBrowser } from '../../security/round-trip-cookie.ts';
import type { AccountService } from './account.service.ts';
import type { IssuedSession, RequestMeta } from './auth-shared.ts';
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
  /** Signs a customer in by Singpass for online activation (POST /loginByKyc). */
  online: KycSignIn;
  config: Config;
  version: () => string;
}

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { accounts, signIn, sessions, online, config, version },
) => {
  const authLimit = { rateLimit: { max: config.AUTH_RATE_LIMIT_MAX, timeWindow: '1 minute' } };
  const sessionEnvelope = envelopeOf(sessionResponseSchema);

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

  app.post(
    '/register',
    { config: authLimit, schema: { tags: ['auth'], body: registerSchema, response: { 201: emptyEnvelope } } },
    async (request, reply) => {
      await accounts.register(request.body);
      reply.status(201);
      return ok(null, Messages.registered, 201);
    },
  );

  app.post(
    '/activeAccount',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        summary:
          "Confirm an email address from its /confirmEmail link: a new account's, or the new address a customer asked to change to",
        body: tokenSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => ok(null, await accounts.confirmEmail(request.body.token)),
  );

  app.post(
    '/resendEmail',
    {
      config: authLimit,
      preHandler: authenticated(sessions),
      schema: { tags: ['auth'], security: [{ bearer: [] }], response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await accounts.resendConfirmation(currentUser(request));
      return ok(null, Messages.confirmationResent);
    },
  );

  app.post(
    '/login',
    { config: authLimit, schema: { tags: ['auth'], body: loginSchema, response: { 200: sessionEnvelope } } },
    async (request, reply) => {
      const body = request.body;
      const session =
        'password' in body
          ? await signIn.loginWithPassword(body.email, body.password, meta(request))
          : await signIn.loginWithOtp(body.phoneNumber, body.otp, meta(request));
      return sendSession(reply, session, 'Login successfully');
    },
  );

  app.post(
    '/loginByKyc',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with Singpass for online activation: the person must be the one on the order',
        body: loginByKycSchema,
        response: { 200: sessionEnvelope },
      },
    },
    async (request, reply) => {
      const session = await online.loginByKyc(request.body, meta(request), returningBrowser(request));
      return sendSession(reply, session, 'Login successfully');
    },
  );

  app.post(
    '/getOTPLogin',
    {
      config: authLimit,
      schema: { tags: ['auth'], body: otpRequestSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      const message = await signIn.requestOtp(request.body.phoneNumber, request.body.method, meta(request));
      return ok(null, message);
    },
  );

  app.post(
    '/forgotPassword',
    {
      config: authLimit,
      schema: { tags: ['auth'], body: forgotPasswordSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await accounts.forgotPassword(request.body.email, meta(request));
      return ok(null, Messages.resetRequested);
    },
  );

  // POST with the token in the body, where SPEC.md has GET: a query string is written to access logs
  // and proxies' logs (ADR 0018).
  app.post(
    '/verify-password-reset-token',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        body: tokenSchema,
        response: { 200: envelopeOf(resetTokenCheckSchema) },
      },
    },
    async (request) => {
      await accounts.checkResetToken(request.body.token);
      return ok({ valid: true as const });
    },
  );

  app.post(
    '/resetPassword',
    {
      config: authLimit,
      schema: { tags: ['auth'], body: resetPasswordSchema, response: { 200: emptyEnvelope } },
    },
    async (request) => {
      await accounts.resetPassword(request.body.token, request.body.password);
      return ok(null, Messages.passwordChanged);
    },
  );

  app.post(
    '/refreshToken',
    { schema: { tags: ['auth'], response: { 200: sessionEnvelope } } },
    async (request, reply) => {
      try {
        const session = await sessions.refresh(request.cookies[REFRESH_COOKIE]);
        return sendSession(reply, session, 'OK');
      } catch (err) {
        clearCookie(reply);
        throw err;
      }
    },
  );

  app.put(
    '/password',
    {
      preHandler: authenticated(sessions, 'myProfile'),
      config: authLimit,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary: "Change the signed-in customer's password, after the current one; their other sessions end",
        body: changePasswordSchema,
        response: { 200: emptyEnvelope },
      },
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

  app.put(
    '/email',
    {
      preHandler: authenticated(sessions, 'myProfile'),
      config: authLimit,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary:
          "Ask to change the signed-in customer's email address, after the current password; it changes when the link sent to the new address is opened",
        body: changeEmailSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      const { email, currentPassword } = request.body;
      return ok(null, await accounts.requestEmailChange(currentUser(request), email, currentPassword));
    },
  );

  app.post(
    '/logout',
    { schema: { tags: ['auth'], response: { 200: emptyEnvelope } } },
    async (request, reply) => {
      await sessions.logout(bearerToken(request), request.cookies[REFRESH_COOKIE]);
      clearCookie(reply);
      return ok(null, Messages.loggedOut);
    },
  );
};
