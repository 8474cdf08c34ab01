import { planChangeSchema, planChangeViewSchema } from '@selfcare/domain/contracts/plan-change';
import { planChangeInputSchema } from '@selfcare/domain/schemas/products';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import type { PlanChanges } from './plan-changes.ts';

/** /manage/planChange's calls: the account holder's lines, the plans on offer, and the changes. */
export const planChangeRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  planChanges: PlanChanges;
}> = async (app, { auth, planChanges }) => {
  const tags = ['plan-changes'];
  const security = [{ bearer: [] }];
  const guard = authenticated(auth, 'planChange');

  app.get(
    '/plan-changes',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'The lines with their plans, the plans a line can move to, and the changes asked for',
        response: { 200: envelopeOf(planChangeViewSchema) },
      },
    },
    async (request) => ok(await planChanges.view(currentUser(request))),
  );

  app.post(
    '/plan-changes',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary:
          'Move a line to another plan on the next 7th, 15th or 21st (or the working day after); one scheduled change per line',
        body: planChangeInputSchema,
        response: { 201: envelopeOf(planChangeSchema) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(
        await planChanges.schedule(currentUser(request), request.body),
        'Data updated successfully',
        201,
      );
    },
  );

  app.delete(
    '/plan-changes/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        security,
        summary: 'Cancel a scheduled plan change before its day',
        params: z.object({ id: z.uuid() }),
        response: { 200: envelopeOf(planChangeSchema) },
      },
    },
    async (request) =>
      ok(await planChanges.cancel(currentUser(request).id, request.params.id), 'Data deleted successfully.'),
  );
};
