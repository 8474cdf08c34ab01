import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { AccountExport } from './account-export.ts';

/** The download on /profile/myProfile: everything held about the signed-in customer. */
export const accountExportRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  accountExport: AccountExport;
}> = async (app, { auth, accountExport }) => {
  route(
    app,
    'GET /profile/export',
    {
      preHandler: authenticated(auth, 'myProfile'),
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: { tags: ['profile'], security: [{ bearer: [] }] },
    },
    async (request, reply) => {
      const data = await accountExport.export(currentUser(request).id);
      const day = String(data.exportedAt).slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="my-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    },
  );
};
