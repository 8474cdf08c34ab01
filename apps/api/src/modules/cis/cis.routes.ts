import { OrderMessages } from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { CisService } from './cis.service.ts';

export interface CisRoutesOptions {
  auth: CustomerSessions;
  cis: CisService;
  /** Sending and checking codes share the authentication routes' tighter limit. */
  codeLimit: number;
}

/** CIS eligibility by company email (SPEC.md section 7: Billing checkCIS, CIS checkOTP). */
export const cisRoutes: FastifyPluginAsyncZod<CisRoutesOptions> = async (app, { auth, cis, codeLimit }) => {
  const security = [{ bearer: [] }];
  // In the order wizard, and on /profile/checkCIS for a customer who already has a line.
  const preHandler = authenticated(auth, ['getStarted', 'checkCIS']);
  const limit = { rateLimit: { max: codeLimit, timeWindow: '1 minute' } };

  route(
    app,
    'POST /cis/checkCIS',
    { preHandler, config: limit, schema: { tags: ['cis'], security } },
    async (request) => ok(null, await cis.sendCode(currentUser(request), request.body.email, request.ip)),
  );

  route(
    app,
    'POST /cis/checkOTP',
    { preHandler, config: limit, schema: { tags: ['cis'], security } },
    async (request) => {
      const found = await cis.verifyCode(currentUser(request), request.body.email, request.body.otp);
      return ok({ company: found }, OrderMessages.cisEligible(found.name));
    },
  );
};
