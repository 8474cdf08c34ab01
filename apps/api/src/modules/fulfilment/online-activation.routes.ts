import { FulfilmentMessages as M } from '@selfcare/domain/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import { roundTripBrowser } from '../../security/round-trip-cookie.ts';
import type { KycLogin } from '../myinfo/index.ts';
import type { OnlineActivationService } from './online-activation.service.ts';

export interface OnlineActivationRoutesOptions {
  auth: CustomerSessions;
  kyc: KycLogin;
  online: OnlineActivationService;
  codeLimit: number;
  cookieSecure: boolean;
}

/** /activeSimOnline's calls other than loginByKyc (which lives with the other logins). */
export const onlineActivationRoutes: FastifyPluginAsyncZod<OnlineActivationRoutesOptions> = async (
  app,
  { auth, kyc, online, codeLimit, cookieSecure },
) => {
  const tags = ['activation'];
  const security = [{ bearer: [] }];
  const limit = { rateLimit: { max: codeLimit, timeWindow: '1 minute' } };
  const preHandler = authenticated(auth, 'activeSimOnline');

  route(app, 'GET /auth/kyc/authoriseUrl', { config: limit, schema: { tags } }, async (request, reply) =>
    ok(await kyc.authoriseUrl(roundTripBrowser(request, reply, cookieSecure))),
  );

  route(app, 'GET /activation/order', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await online.pending(currentUser(request))),
  );

  route(
    app,
    'POST /activation/activate',
    { preHandler, config: limit, schema: { tags, security } },
    async (request) => ok(await online.activate(currentUser(request), request.body.iccid), M.activated),
  );
};
