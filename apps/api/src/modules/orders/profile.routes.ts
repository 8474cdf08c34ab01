import { profileViewSchema } from '@selfcare/domain/contracts/profile';
import { ProfileMessages, profileEditSchema } from '@selfcare/domain/schemas/profile';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import type { ProfileService } from './profile.service.ts';

/** /profile/myProfile: the signed-in customer's own profile only. */
export const profileRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  profile: ProfileService;
}> = async (app, { auth, profile }) => {
  const tags = ['profile'];
  const security = [{ bearer: [] }];

  app.get(
    '/profile',
    {
      preHandler: authenticated(auth, 'myProfile'),
      schema: {
        tags,
        security,
        summary: "The customer's profile: details (MyInfo-verified ones marked), consents and the saved card",
        response: { 200: envelopeOf(profileViewSchema) },
      },
    },
    async (request) => ok(await profile.view(currentUser(request).id)),
  );

  app.put(
    '/profile',
    {
      preHandler: authenticated(auth, 'myProfile'),
      schema: {
        tags,
        security,
        summary:
          'Change the salutation, contact number, employer (unless MyInfo verified it) and marketing consents',
        body: profileEditSchema,
        response: { 200: envelopeOf(profileViewSchema) },
      },
    },
    async (request) => {
      const saved = await profile.update(currentUser(request).id, request.body);
      if (!saved) throw new AppError(409, ProfileMessages.noProfile);
      return ok(saved, ProfileMessages.updated);
    },
  );
};
