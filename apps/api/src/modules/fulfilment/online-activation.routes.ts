import {
  activationResultSchema,
  kycAuthoriseUrlSchema,
  pendingActivationSchema,
} from '@selfcare/domain/contracts/activation';
import { activateOnlineSchema, FulfilmentMessages as M } from '@selfcare/domain/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
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

  app.get(
    '/auth/kyc/authoriseUrl',
    {
      config: limit,
      schema: {
        tags,
        summary: 'The Singpass login to send a signed-out customer to; it returns to /activeSimOnline',
        response: { 200: envelopeOf(kycAuthoriseUrlSchema) },
      },
    },
    async (request, reply) => ok(await kyc.authoriseUrl(roundTripBrowser(request, reply, cookieSecure))),
  );

  app.get(
    '/activation/order',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "The customer's order waiting for online activation, line by line",
        response: { 200: envelopeOf(pendingActivationSchema) },
      },
    },
    async (request) => ok(await online.pending(currentUser(request))),
  );

  app.post(
    '/activation/activate',
    {
      preHandler,
      config: limit,
      schema: {
        tags,
        security,
        summary: "Activate the line whose SIM's barcode (ICCID) was scanned or typed",
        body: activateOnlineSchema,
        response: { 200: envelopeOf(activationResultSchema) },
      },
    },
    async (request) => ok(await online.activate(currentUser(request), request.body.iccid), M.activated),
  );
};
