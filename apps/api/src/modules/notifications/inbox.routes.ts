import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import { inboxRepository as inbox } from './inbox.repository.ts';

/**
 * The signed-in customer's inbox (ADR 0058): what was sent to their account, and marking it read.
 * Every account that may sign in has one, whatever its status: a new customer's order emails are in it.
 */
export const inboxRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  database: Database;
  clock: Clock;
}> = async (app, { auth, database, clock }) => {
  const tags = ['inbox'];
  const security = [{ bearer: [] }];
  const preHandler = authenticated(auth);

  route(app, 'GET /inbox', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await inbox.list(database.pool, currentUser(request).id, clock.now())),
  );

  route(app, 'POST /inbox/read', { preHandler, schema: { tags, security } }, async (request) =>
    ok({
      unread: await inbox.markRead(
        database.pool,
        currentUser(request).id,
        new Date(request.body.before),
        clock.now(),
      ),
    }),
  );
};
