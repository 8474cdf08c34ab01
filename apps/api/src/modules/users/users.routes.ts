import { Messages } from '@selfcare/domain';
import { accountSummarySchema } from '@selfcare/domain/contracts/account';
import { authUserSchema } from '@selfcare/domain/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ auth: CustomerSessions; users: UsersService }> = async (
  app,
  { auth, users },
) => {
  const security = [{ bearer: [] }];

  app.get(
    '/users/:id',
    {
      preHandler: authenticated(auth),
      schema: {
        tags: ['users'],
        security,
        params: z.object({ id: z.uuid({ error: Messages.notFound }) }),
        response: { 200: envelopeOf(authUserSchema) },
      },
    },
    // Not async: the answer is already at hand, and a promise would cost this hot path a tick.
    (request) => ok(users.getUser(currentUser(request), request.params.id)),
  );

  app.get(
    '/account',
    {
      preHandler: authenticated(auth, 'myAccount'),
      schema: {
        tags: ['users'],
        security,
        response: { 200: envelopeOf(accountSummarySchema) },
      },
    },
    async (request) => ok(await users.accountSummary(currentUser(request))),
  );
};
