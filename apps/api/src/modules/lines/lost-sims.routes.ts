import { LostSimMessages as M } from '@selfcare/domain/line-services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { LostSims } from './lost-sims.ts';

/** /manage/lostSim: the customer's own lines only (ADR 0029); a sub line's login has no access. */
export const lostSimsRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  lostSims: LostSims;
}> = async (app, { auth, lostSims }) => {
  const tags = ['lines'];
  const security = [{ bearer: [] }];
  const preHandler = authenticated(auth, 'lostSim');

  route(app, 'GET /lost-sims', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await lostSims.view(currentUser(request).id)),
  );

  route(app, 'POST /lost-sims', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await lostSims.report(currentUser(request).id, request.body.lineId), M.reported),
  );
};
