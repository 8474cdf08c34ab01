import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { PlanChanges } from './plan-changes.ts';

/** /manage/planChange's calls: the account holder's lines, the plans on offer, and the changes. */
export const planChangeRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  planChanges: PlanChanges;
}> = async (app, { auth, planChanges }) => {
  const tags = ['plan-changes'];
  const security = [{ bearer: [] }];
  const guard = authenticated(auth, 'planChange');

  route(app, 'GET /plan-changes', { preHandler: guard, schema: { tags, security } }, async (request) =>
    ok(await planChanges.view(currentUser(request))),
  );

  route(
    app,
    'POST /plan-changes',
    { preHandler: guard, schema: { tags, security } },
    async (request, reply) => {
      reply.status(201);
      return ok(
        await planChanges.schedule(currentUser(request), request.body),
        'Data updated successfully',
        201,
      );
    },
  );

  route(app, 'DELETE /plan-changes/:id', { preHandler: guard, schema: { tags, security } }, async (request) =>
    ok(await planChanges.cancel(currentUser(request).id, request.params.id), 'Data deleted successfully.'),
  );
};
