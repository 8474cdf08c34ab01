import { PortMessages } from '@selfcare/domain/fulfilment';
import { NumberChangeMessages as M } from '@selfcare/domain/line-services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { NumberChanges } from './number-changes.ts';
import type { PortingService } from './porting.service.ts';

/** /manage/numberChange: the customer's own lines only (ADR 0028). */
export const numberChangesRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  numberChanges: NumberChanges;
  porting: PortingService;
  /** Holding numbers at the MVNE shares the authentication routes' limit per minute. */
  authLimit: number;
}> = async (app, { auth, numberChanges, porting, authLimit }) => {
  const tags = ['lines'];
  const security = [{ bearer: [] }];
  const preHandler = authenticated(auth, 'numberChange');

  route(app, 'GET /number-changes', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await numberChanges.view(currentUser(request).id)),
  );

  route(app, 'GET /number-changes/numbers', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await numberChanges.numbers(request.query.contains, request.query.page)),
  );

  route(
    app,
    'PUT /number-changes/:lineId/hold',
    {
      preHandler,
      config: { rateLimit: { max: authLimit, timeWindow: '1 minute' } },
      schema: { tags, security },
    },
    async (request) =>
      ok(
        await numberChanges.hold(currentUser(request).id, request.params.lineId, request.body.msisdn),
        M.held,
      ),
  );

  route(
    app,
    'DELETE /number-changes/:lineId/hold',
    { preHandler, schema: { tags, security } },
    async (request) =>
      ok(await numberChanges.dropHold(currentUser(request).id, request.params.lineId), M.released),
  );

  route(app, 'POST /number-changes/:lineId', { preHandler, schema: { tags, security } }, async (request) =>
    ok(
      await numberChanges.confirm(currentUser(request).id, request.params.lineId, request.body.msisdn),
      M.submitted,
    ),
  );

  route(app, 'POST /number-changes/ports/:id', { preHandler, schema: { tags, security } }, async (request) =>
    ok(
      await porting.reinitiate(currentUser(request).id, request.params.id, request.body),
      PortMessages.submitted,
    ),
  );
};
