import { OrderMessages } from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
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

  route(
    app,
    'GET /auth/myinfo/authoriseUrl',
    { preHandler, config: limit, schema: { tags: ['myinfo'], security } },
    async (request, reply) =>
      ok(
        await myinfo.authoriseUrl(
          currentUser(request),
          request.query.ref,
          roundTripBrowser(request, reply, cookieSecure),
        ),
      ),
  );

  route(
    app,
    'POST /auth/myinfo/personData',
    { preHandler, config: limit, schema: { tags: ['myinfo'], security } },
    async (request) => {
      const result = await myinfo.personData(currentUser(request), request.body, returningBrowser(request));
      return ok(result, OrderMessages.myinfoRetrieved);
    },
  );
};
