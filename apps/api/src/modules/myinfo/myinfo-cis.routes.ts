import { OrderMessages } from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import { returningBrowser, roundTripBrowser } from '../../security/round-trip-cookie.ts';
import type { CisByMyinfo } from './myinfo-cis.service.ts';

export interface MyinfoCisRoutesOptions {
  auth: CustomerSessions;
  cisByMyinfo: CisByMyinfo;
  /** MyInfo calls share the authentication routes' tighter limit. */
  codeLimit: number;
  cookieSecure: boolean;
}

/**
 * CIS eligibility by the employer MyInfo reports, on /profile/checkCIS (its access rule). Under
 * /auth/myinfo, where the browser's round-trip cookie goes.
 */
export const myinfoCisRoutes: FastifyPluginAsyncZod<MyinfoCisRoutesOptions> = async (
  app,
  { auth, cisByMyinfo, codeLimit, cookieSecure },
) => {
  const security = [{ bearer: [] }];
  const preHandler = authenticated(auth, 'checkCIS');
  const limit = { rateLimit: { max: codeLimit, timeWindow: '1 minute' } };

  route(
    app,
    'GET /auth/myinfo/checkCIS/authoriseUrl',
    { preHandler, config: limit, schema: { tags: ['myinfo', 'cis'], security } },
    async (request, reply) =>
      ok(
        await cisByMyinfo.authoriseUrl(currentUser(request), roundTripBrowser(request, reply, cookieSecure)),
      ),
  );

  route(
    app,
    'POST /auth/myinfo/checkCIS',
    { preHandler, config: limit, schema: { tags: ['myinfo', 'cis'], security } },
    async (request) => {
      const company = await cisByMyinfo.check(currentUser(request), request.body, returningBrowser(request));
      return ok({ company }, OrderMessages.cisEligible(company.name));
    },
  );
};
