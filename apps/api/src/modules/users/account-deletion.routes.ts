import { AccountDeletionMessages as M } from '@selfcare/domain/account-deletion';
import { StaffPermission } from '@selfcare/domain/fulfilment';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { currentStaff, type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
import { route } from '../../route.ts';
import type { AccountDeletion } from './account-deletion.ts';

/** /profile/myProfile: the customer's own request to close the account (ADR 0030). */
export const accountDeletionRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  deletion: AccountDeletion;
  /** Checking the password shares the authentication routes' limit. */
  authLimit: number;
}> = async (app, { auth, deletion, authLimit }) => {
  const tags = ['users'];
  const security = [{ bearer: [] }];
  const preHandler = authenticated(auth, 'myProfile');

  route(app, 'GET /account/deletion-request', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await deletion.view(currentUser(request))),
  );

  route(
    app,
    'POST /account/deletion-request',
    {
      preHandler,
      config: { rateLimit: { max: authLimit, timeWindow: '1 minute' } },
      schema: { tags, security },
    },
    async (request) => ok(await deletion.request(currentUser(request), request.body.password), M.requested),
  );

  route(
    app,
    'DELETE /account/deletion-request/:id',
    { preHandler, schema: { tags, security } },
    async (request) => ok(await deletion.withdraw(currentUser(request), request.params.id), M.withdrawn),
  );
};

/** The staff console's account closures under /api/v1/staff: supervisors and admins (ADR 0030). */
export const staffAccountDeletionRoutes: FastifyPluginAsyncZod<{
  staffAuth: StaffSessions;
  deletion: AccountDeletion;
}> = async (app, { staffAuth, deletion }) => {
  const tags = ['staff'];
  const security = [{ bearer: [] }];
  const preHandler = staffOnly(staffAuth, StaffPermission.CloseAccounts);

  route(app, 'GET /staff/account-deletions', { preHandler, schema: { tags, security } }, async () =>
    ok(await deletion.openRequests()),
  );

  route(
    app,
    'POST /staff/account-deletions/:id/complete',
    { preHandler, schema: { tags, security } },
    async (request) => ok(await deletion.complete(currentStaff(request), request.params.id), M.completed),
  );
};
