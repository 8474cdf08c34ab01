import { AccountDeletionMessages as M } from '@selfcare/domain/account-deletion';
import {
  accountDeletionViewSchema,
  deletionCompletedSchema,
  staffDeletionRequestSchema,
} from '@selfcare/domain/contracts/account-deletion';
import { StaffPermission } from '@selfcare/domain/fulfilment';
import {
  accountDeletionIdSchema,
  accountDeletionRequestSchema,
} from '@selfcare/domain/schemas/account-deletion';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { currentStaff, type StaffSessions, staffOnly } from '../../plugins/staff-auth.ts';
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
  const view = { 200: envelopeOf(accountDeletionViewSchema) };

  app.get(
    '/account/deletion-request',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: "The customer's open request to close the account, or why they cannot ask now",
        response: view,
      },
    },
    async (request) => ok(await deletion.view(currentUser(request))),
  );

  app.post(
    '/account/deletion-request',
    {
      preHandler,
      config: { rateLimit: { max: authLimit, timeWindow: '1 minute' } },
      schema: {
        tags,
        security,
        summary: 'Ask to close the account and delete its personal data (PDPA), with the password',
        body: accountDeletionRequestSchema,
        response: view,
      },
    },
    async (request) => ok(await deletion.request(currentUser(request), request.body.password), M.requested),
  );

  app.delete(
    '/account/deletion-request/:id',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Withdraw the open request to close the account',
        params: accountDeletionIdSchema,
        response: view,
      },
    },
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

  app.get(
    '/account-deletions',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Open requests to close an account, oldest first, each with what it still waits for',
        response: { 200: envelopeOf(z.array(staffDeletionRequestSchema)) },
      },
    },
    async () => ok(await deletion.openRequests()),
  );

  app.post(
    '/account-deletions/:id/complete',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary: 'Close the account and erase its personal data; bills and payments are kept (audit-logged)',
        params: accountDeletionIdSchema,
        response: { 200: envelopeOf(deletionCompletedSchema) },
      },
    },
    async (request) => ok(await deletion.complete(currentStaff(request), request.params.id), M.completed),
  );
};
