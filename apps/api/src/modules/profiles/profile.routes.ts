import { ProfileMessages } from '@selfcare/domain/schemas/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { ProfileService } from './profile.service.ts';

/** /profile/myProfile: the signed-in customer's own profile only. */
export const profileRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  profile: ProfileService;
}> = async (app, { auth, profile }) => {
  const tags = ['profile'];
  const security = [{ bearer: [] }];

  route(
    app,
    'GET /profile',
    { preHandler: authenticated(auth, 'myProfile'), schema: { tags, security } },
    async (request) => ok(await profile.view(currentUser(request).id)),
  );

  route(
    app,
    'PUT /profile',
    { preHandler: authenticated(auth, 'myProfile'), schema: { tags, security } },
    async (request) => {
      const saved = await profile.update(currentUser(request).id, request.body);
      if (!saved) throw new AppError(409, ProfileMessages.noProfile);
      return ok(saved, ProfileMessages.updated);
    },
  );
};
