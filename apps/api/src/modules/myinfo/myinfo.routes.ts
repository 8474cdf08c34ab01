import { myinfoAuthoriseUrlSchema, personDataResultSchema } from '@selfcare/domain/contracts/myinfo';
import { myinfoAuthoriseQuerySchema, myinfoPersonDataSchema, OrderMessages } from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { returningBrowser, roundTripBrowser } from '../../security/round-trip-cookie.ts';
import type { MyinfoService } from './myinfo.service.ts';

export interface MyinfoRoutesOptions {
  auth: CustomerSessions;
  myinfo: MyinfoService;
  /** MyInfo calls share the authentication routes' tighter limit. */
  codeLimit: number;
  cookieSecure: boolean;
}

/**
 * MyInfo (SPEC.md section 7: authoriseUrl and personData under /auth/myinfo), for customers who may
 * order (the wizard's access rule).
 */
export const myinfoRoutes: FastifyPluginAsyncZod<MyinfoRoutesOptions> = async (
  app,
  { auth, myinfo, codeLimit, cookieSecure },
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
        response: { 200: envelopeOf(myinfoAuthoriseUrlSchema) },
      },
    },
    async (request, reply) =>
      ok(
        await myinfo.authoriseUrl(
          currentUser(request),
          request.query.ref,
          roundTripBrowser(request, reply, cookieSecure),
        ),
      ),
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
        response: { 200: envelopeOf(personDataResultSchema) },
      },
    },
    async (request) => {
      const result = await myinfo.personData(currentUser(request), request.body, returningBrowser(request));
      return ok(result, OrderMessages.myinfoRetrieved);
    },
  );
};
