import { FulfilmentMessages as M, PortMessages } from '@selfcare/domain/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { EsimService } from './esim.service.ts';
import type { LinesService } from './lines.service.ts';
import type { PortingService } from './porting.service.ts';

/** /manage/simManagement and /manage/numberPort: the customer's own lines and port requests only. */
export const linesRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  lines: LinesService;
  esim: EsimService;
  porting: PortingService;
}> = async (app, { auth, lines, esim, porting }) => {
  const security = [{ bearer: [] }];

  route(
    app,
    'GET /lines',
    { preHandler: authenticated(auth, 'simManagement'), schema: { tags: ['lines'], security } },
    async (request) => ok(await lines.list(currentUser(request).id)),
  );

  route(
    app,
    'GET /lines/:id',
    { preHandler: authenticated(auth, 'simManagementDetail'), schema: { tags: ['lines'], security } },
    async (request) => ok(await lines.detail(currentUser(request).id, request.params.id)),
  );

  route(
    app,
    'POST /lines/:id/esimProfile',
    {
      preHandler: authenticated(auth, 'simManagementDetail'),
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { tags: ['lines'], security },
    },
    async (request) => ok(await esim.reissue(currentUser(request).id, request.params.id), M.esimReissued),
  );

  route(
    app,
    'GET /numberPorts',
    { preHandler: authenticated(auth, 'numberPort'), schema: { tags: ['numberPort'], security } },
    async (request) => ok(await porting.list(currentUser(request).id)),
  );

  route(
    app,
    'GET /numberPorts/:id',
    { preHandler: authenticated(auth, 'numberPortEdit'), schema: { tags: ['numberPort'], security } },
    async (request) => ok(await porting.get(currentUser(request).id, request.params.id)),
  );

  route(
    app,
    'PUT /numberPorts/:id',
    { preHandler: authenticated(auth, 'numberPortEdit'), schema: { tags: ['numberPort'], security } },
    async (request) =>
      ok(
        await porting.edit(currentUser(request).id, request.params.id, request.body),
        'Data updated successfully',
      ),
  );

  route(
    app,
    'POST /numberPorts/:id/submit',
    { preHandler: authenticated(auth, 'numberPort'), schema: { tags: ['numberPort'], security } },
    async (request) =>
      ok(await porting.submit(currentUser(request).id, request.params.id), PortMessages.submitted),
  );
};
