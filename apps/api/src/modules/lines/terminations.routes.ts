import { terminationViewSchema } from '@selfcare/domain/contracts/line-services';
import { TerminationMessages as M } from '@selfcare/domain/line-services';
import { terminateSchema } from '@selfcare/domain/schemas/line-services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emptyEnvelope, envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
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

  app.get(
    '/terminations',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'The live lines with the end scheduled for each, and the dates a termination may take',
        response: { 200: envelopeOf(terminationViewSchema) },
      },
    },
    async (request) => ok(await terminations.view(currentUser(request).id)),
  );

  app.post(
    '/terminations',
    {
      preHandler,
      config: { rateLimit: { max: authLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'End a line, or the whole account, on a day from today; confirmed with the password',
        body: terminateSchema,
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => ok(null, await terminations.request(currentUser(request).id, request.body)),
  );

  app.delete(
    '/terminations/:id',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Cancel a scheduled termination (for a whole account, every line of it)',
        params: z.object({ id: z.uuid('Termination is invalid') }),
        response: { 200: emptyEnvelope },
      },
    },
    async (request) => {
      await terminations.cancel(currentUser(request).id, request.params.id);
      return ok(null, M.cancelled);
    },
  );
};
