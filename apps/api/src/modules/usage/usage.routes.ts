import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { UsageService } from './usage.service.ts';

/**
 * The dashboards: balances, daily use and records of the lines the signed-in user may see (a
 * sub-line user, their own line only); another customer's line is not found.
 */
export const usageRoutes: FastifyPluginAsyncZod<{ auth: CustomerSessions; usage: UsageService }> = async (
  app,
  { auth, usage },
) => {
  const tags = ['usage'];
  const security = [{ bearer: [] }];

  route(
    app,
    'GET /usage/balances',
    { preHandler: authenticated(auth, 'local'), schema: { tags, security } },
    async (request) => ok(await usage.balances(currentUser(request).id, request.query.line)),
  );

  route(
    app,
    'GET /usage/daily',
    { preHandler: authenticated(auth, 'local'), schema: { tags, security } },
    async (request) =>
      ok(await usage.daily(currentUser(request).id, request.query.month, request.query.line)),
  );

  route(
    app,
    'GET /usage/summary',
    { preHandler: authenticated(auth, 'local'), schema: { tags, security } },
    async (request) => ok(await usage.summary(currentUser(request).id, request.query)),
  );

  route(
    app,
    'GET /usage/records',
    { preHandler: authenticated(auth, 'localDetail'), schema: { tags, security } },
    async (request) => ok(await usage.records(currentUser(request).id, request.query)),
  );

  route(
    app,
    'GET /usage/records.csv',
    { preHandler: authenticated(auth, 'localDetail'), schema: { tags, security } },
    async (request, reply) => {
      const { query } = request;
      const rows = usage.csv(currentUser(request).id, query);
      // The first read checks the line is the user's, so a refusal is an error answer, not a broken file.
      const first = await rows.next();
      const stream = Readable.from(
        (async function* () {
          if (!first.done) yield first.value;
          yield* rows;
        })(),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="usage-${query.from}-to-${query.to}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  route(
    app,
    'PUT /usage/lines/:id/options',
    { preHandler: authenticated(auth, 'policyControl'), schema: { tags, security } },
    async (request) =>
      ok(
        await usage.setOptions(currentUser(request).id, request.params.id, request.body),
        'Data updated successfully',
      ),
  );
};
