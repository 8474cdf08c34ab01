import { Readable } from 'node:stream';
import {
  balancesSchema,
  dailyUsageSchema,
  usageLineSchema,
  usageRecordsPageSchema,
} from '@selfcare/domain/contracts/usage';
import { usageSummarySchema } from '@selfcare/domain/contracts/usage-summary';
import {
  lineUsagePolicySchema,
  usageQuerySchema,
  usageSummaryQuerySchema,
} from '@selfcare/domain/schemas/usage';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
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
  const lineQuery = z.object({ line: z.uuid('Line is invalid').optional() });

  app.get(
    '/usage/balances',
    {
      preHandler: authenticated(auth, 'local'),
      schema: {
        tags,
        security,
        summary:
          'Balance buckets of the lines (live from the MVNE, kept 30 s; the last known with their time when it is down)',
        querystring: lineQuery,
        response: { 200: envelopeOf(balancesSchema) },
      },
    },
    async (request) => ok(await usage.balances(currentUser(request).id, request.query.line)),
  );

  app.get(
    '/usage/daily',
    {
      preHandler: authenticated(auth, 'local'),
      schema: {
        tags,
        security,
        summary: 'Local use per Singapore day of a bundle month (this one by default), up to today',
        querystring: lineQuery.extend({
          month: z
            .string()
            .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM')
            .optional(),
        }),
        response: { 200: envelopeOf(dailyUsageSchema) },
      },
    },
    async (request) =>
      ok(await usage.daily(currentUser(request).id, request.query.month, request.query.line)),
  );

  app.get(
    '/usage/summary',
    {
      preHandler: authenticated(auth, 'local'),
      schema: {
        tags,
        security,
        summary:
          'One scope (local, IDD, roaming) between Singapore dates, summed per line, kind, direction and country',
        querystring: usageSummaryQuerySchema,
        response: { 200: envelopeOf(usageSummarySchema) },
      },
    },
    async (request) => ok(await usage.summary(currentUser(request).id, request.query)),
  );

  app.get(
    '/usage/records',
    {
      preHandler: authenticated(auth, 'localDetail'),
      schema: {
        tags,
        security,
        summary: 'Usage records by line, kind, scope and Singapore dates (at most 12 months), newest first',
        querystring: usageQuerySchema,
        response: { 200: envelopeOf(usageRecordsPageSchema) },
      },
    },
    async (request) => ok(await usage.records(currentUser(request).id, request.query)),
  );

  app.get(
    '/usage/records.csv',
    {
      preHandler: authenticated(auth, 'localDetail'),
      schema: {
        tags,
        security,
        summary: 'The same records as a CSV file, streamed',
        querystring: usageQuerySchema,
      },
    },
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

  app.put(
    '/usage/lines/:id/options',
    {
      preHandler: authenticated(auth, 'policyControl'),
      schema: {
        tags,
        security,
        summary:
          "Switch a line's data rollover (from the next renewal) and the stop at 100%; the MVNE is told by a job",
        params: z.object({ id: z.uuid() }),
        body: lineUsagePolicySchema,
        response: { 200: envelopeOf(usageLineSchema) },
      },
    },
    async (request) =>
      ok(
        await usage.setOptions(currentUser(request).id, request.params.id, request.body),
        'Data updated successfully',
      ),
  );
};
