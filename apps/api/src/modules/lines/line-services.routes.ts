import { StaffPermission } from '@selfcare/domain/fulfilment';
import { LineServiceMessages as M } from '@selfcare/domain/line-services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { currentStaff, type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import { route } from '../../route.ts';
import type { LineServices } from './line-services.ts';

const security = [{ bearer: [] }];

/** /manage/suspension and /manage/internationalCall: the customer's own lines only (ADR 0025). */
export const lineServicesRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  services: LineServices;
}> = async (app, { auth, services }) => {
  const tags = ['lines'];

  route(
    app,
    'GET /line-services',
    { preHandler: authenticated(auth, 'suspension'), schema: { tags, security } },
    async (request) => ok(await services.list(currentUser(request).id)),
  );

  route(
    app,
    'POST /line-services/:id/suspension',
    { preHandler: authenticated(auth, 'suspensionEdit'), schema: { tags, security } },
    async (request) =>
      ok(
        await services.suspend(currentUser(request).id, request.params.id, request.body.reason),
        M.suspended,
      ),
  );

  route(
    app,
    'PUT /line-services/:id/barring',
    { preHandler: authenticated(auth, 'internationalCallEdit'), schema: { tags, security } },
    async (request) =>
      ok(await services.setBarring(currentUser(request).id, request.params.id, request.body), M.updated),
  );
};

/** A customer's lines in the staff console, and resuming a suspended one (audit-logged). */
export const staffLineServicesRoutes: FastifyPluginAsyncZod<{
  staffAuth: StaffSessions;
  services: LineServices;
}> = async (app, { staffAuth, services }) => {
  const tags = ['staff'];

  route(
    app,
    'GET /staff/customers/:id/lines',
    { preHandler: staffOnly(staffAuth, StaffPermission.ViewBilling), schema: { tags, security } },
    async (request) => ok(await services.forStaff(request.params.id)),
  );

  route(
    app,
    'POST /staff/lines/:id/unsuspend',
    { preHandler: staffOnly(staffAuth, StaffPermission.ManageLines), schema: { tags, security } },
    async (request) =>
      ok(
        await services.unsuspend(currentStaff(request), request.params.id, request.body.reason),
        M.unsuspended,
      ),
  );
};
