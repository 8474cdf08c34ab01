import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { UsersService } from './users.service.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ auth: CustomerSessions; users: UsersService }> = async (
  app,
  { auth, users },
) => {
  const security = [{ bearer: [] }];

  route(
    app,
    'GET /users/:id',
    { preHandler: authenticated(auth), schema: { tags: ['users'], security } },
    // Not async: the answer is already at hand, and a promise would cost this hot path a tick.
    (request) => ok(users.getUser(currentUser(request), request.params.id)),
  );

  route(
    app,
    'GET /account',
    { preHandler: authenticated(auth, 'myAccount'), schema: { tags: ['users'], security } },
    async (request) => ok(await users.accountSummary(currentUser(request))),
  );
};
