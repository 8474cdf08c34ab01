import { cisCheckSchema } from '@selfcare/domain/contracts/cis';
import { cisEmailSchema, cisOtpSchema, OrderMessages } from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
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

  app.post(
    '/cis/checkCIS',
    {
      preHandler,
      config: limit,
      schema: {
        tags: ['cis'],
        security,
        summary: "Sends a code to a company email whose domain is a CIS company's",
        body: cisEmailSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => ok(null, await cis.sendCode(currentUser(request), request.body.email, request.ip)),
  );

  app.post(
    '/cis/checkOTP',
    {
      preHandler,
      config: limit,
      schema: {
        tags: ['cis'],
        security,
        summary: "Checks the code; the company's CIS plans become available to the customer",
        body: cisOtpSchema,
        response: { 200: envelopeOf(cisCheckSchema) },
      },
    },
    async (request) => {
      const found = await cis.verifyCode(currentUser(request), request.body.email, request.body.otp);
      return ok({ company: found }, OrderMessages.cisEligible(found.name));
    },
  );
};
