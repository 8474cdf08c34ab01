import { TerminationMessages as M } from '@selfcare/domain/line-services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { Terminations } from './terminations.ts';

/** /manage/termination: the customer's own lines only (ADR 0027). */
export const terminationsRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  terminations: Terminations;
  /** Checking the password shares the authentication routes' limit. */
  authLimit: number;
}> = async (app, { auth, terminations, authLimit }) => {
  const tags = ['lines'];
  const security = [{ bearer: [] }];
  const preHandler = authenticated(auth, 'termination');

  route(app, 'GET /terminations', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await terminations.view(currentUser(request).id)),
  );

  route(
    app,
    'POST /terminations',
    {
      preHandler,
      config: { rateLimit: { max: authLimit, timeWindow: '1 minute' } },
      schema: { tags, security },
    },
    async (request) => ok(null, await terminations.request(currentUser(request).id, request.body)),
  );

  route(app, 'DELETE /terminations/:id', { preHandler, schema: { tags, security } }, async (request) => {
    await terminations.cancel(currentUser(request).id, request.params.id);
    return ok(null, M.cancelled);
  });
};
