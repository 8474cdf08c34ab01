import { lostSimViewSchema } from '@selfcare/domain/contracts/line-services';
import { LostSimMessages as M } from '@selfcare/domain/line-services';
import { reportLostSimSchema } from '@selfcare/domain/schemas/line-services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import type { LostSims } from './lost-sims.ts';

/** /manage/lostSim: the customer's own lines only (ADR 0029); a sub line's login has no access. */
export const lostSimsRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  lostSims: LostSims;
}> = async (app, { auth, lostSims }) => {
  const tags = ['lines'];
  const security = [{ bearer: [] }];
  const preHandler = authenticated(auth, 'lostSim');
  const view = { 200: envelopeOf(lostSimViewSchema) };

  app.get(
    '/lost-sims',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          "The live lines: whether each one's SIM may be reported lost now, what replacing it costs, and its replacement",
        response: view,
      },
    },
    async (request) => ok(await lostSims.view(currentUser(request).id)),
  );

  app.post(
    '/lost-sims',
    {
      preHandler,
      schema: {
        tags,
        security,
        summary:
          'Report the SIM of a line lost: it is blocked at the MVNE at once and for good; a physical line gets a replacement SIM ($5.50 on the next bill once sent), an eSIM line a new profile',
        body: reportLostSimSchema,
        response: view,
      },
    },
    async (request) => ok(await lostSims.report(currentUser(request).id, request.body.lineId), M.reported),
  );
};
