import {
  cisEmailSchema,
  cisOtpSchema,
  myinfoAuthoriseQuerySchema,
  myinfoPersonDataSchema,
  OrderMessages,
} from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, currentUser } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { CisService } from '../cis/cis.service.ts';
import type { MyinfoService } from './myinfo.service.ts';

const company = z.object({ code: z.string(), name: z.string() });
const prefill = z.object({
  account: z.record(z.string(), z.unknown()),
  locked: z.array(z.string()),
  address: z
    .object({
      postalCode: z.string(),
      blockNumber: z.string(),
      roadName: z.string(),
      building: z.string(),
      unitNumber: z.string(),
    })
    .nullable(),
  retrievedAt: z.string(),
});

export interface MyinfoRoutesOptions {
  auth: AuthService;
  myinfo: MyinfoService;
  cis: CisService;
  /** Requests that send a code or check one share the authentication routes' tighter limit. */
  codeLimit: number;
}

/**
 * MyInfo (SPEC.md section 7: authoriseUrl and personData under /auth/myinfo) and the CIS checks
 * (checkCIS by company email, checkOTP). For customers who may order (the wizard's access rule).
 */
export const myinfoRoutes: FastifyPluginAsyncZod<MyinfoRoutesOptions> = async (
  app,
  { auth, myinfo, cis, codeLimit },
) => {
  const security = [{ bearer: [] }];
  const preHandler = authenticated(auth, 'getStarted');
  const limit = { rateLimit: { max: codeLimit, timeWindow: '1 minute' } };

  app.get(
    '/auth/myinfo/authoriseUrl',
    {
      preHandler,
      config: limit,
      schema: {
        tags: ['myinfo'],
        security,
        summary: 'The MyInfo page to send the customer to; its state returns them to `ref`',
        querystring: myinfoAuthoriseQuerySchema,
        response: { 200: envelopeOf(z.object({ url: z.string() })) },
      },
    },
    async (request) => ok(await myinfo.authoriseUrl(currentUser(request), request.query.ref)),
  );

  app.post(
    '/auth/myinfo/personData',
    {
      preHandler,
      config: limit,
      schema: {
        tags: ['myinfo'],
        security,
        summary: 'Reads the person MyInfo authorised, fills step 3 of the draft and checks CIS by employer',
        body: myinfoPersonDataSchema,
        response: { 200: envelopeOf(z.object({ prefill, cis: company.nullable() })) },
      },
    },
    async (request) => {
      const result = await myinfo.personData(currentUser(request), request.body);
      return ok(result, OrderMessages.myinfoRetrieved);
    },
  );

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
        response: { 200: envelopeOf(z.object({ company })) },
      },
    },
    async (request) => {
      const found = await cis.verifyCode(currentUser(request), request.body.email, request.body.otp);
      return ok({ company: found }, OrderMessages.cisEligible(found.name));
    },
  );
};
