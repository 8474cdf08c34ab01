import { SubLineMessages } from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { SubLines } from './sub-lines.ts';

/** /manage/mobileSubLine and its create page (ADR 0031): an individual customer's 'Us' lines. */
export const subLinesRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  subLines: SubLines;
  /** Holding numbers at the MVNE shares the authentication routes' limit per minute. */
  authLimit: number;
}> = async (app, { auth, subLines, authLimit }) => {
  const tags = ['sub-lines'];
  const security = [{ bearer: [] }];
  const list = authenticated(auth, 'mobileSubLine');
  const preHandler = authenticated(auth, 'mobileSubLineCreate');

  route(app, 'GET /sub-lines', { preHandler: list, schema: { tags, security } }, async (request) =>
    ok(await subLines.view(currentUser(request))),
  );

  route(app, 'GET /sub-lines/offer', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await subLines.offer(currentUser(request))),
  );

  route(app, 'GET /sub-lines/numbers', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await subLines.numbers(currentUser(request), request.query.contains ?? '', request.query.page ?? 1)),
  );

  route(app, 'GET /sub-lines/address', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await subLines.address(currentUser(request), request.query.postalCode, request.query.method)),
  );

  route(app, 'GET /sub-lines/delivery-dates', { preHandler, schema: { tags, security } }, async (request) =>
    ok(subLines.deliveryDates(currentUser(request), request.query.method)),
  );

  route(
    app,
    'PUT /sub-lines/hold',
    {
      preHandler,
      config: { rateLimit: { max: authLimit, timeWindow: '1 minute' } },
      schema: { tags, security },
    },
    async (request) => ok(await subLines.hold(currentUser(request), request.body.msisdn)),
  );

  route(app, 'DELETE /sub-lines/hold', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await subLines.giveBack(currentUser(request))),
  );

  route(
    app,
    'POST /sub-lines',
    {
      preHandler,
      config: { rateLimit: { max: authLimit, timeWindow: '1 minute' } },
      schema: { tags, security },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(ok(await subLines.add(currentUser(request), request.body), SubLineMessages.added, 201)),
  );
};
