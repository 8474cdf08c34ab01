import { PushMessages } from '@selfcare/domain/schemas/push';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { PushService } from './push.service.ts';

/** The signed-in customer's browsers that show the portal's notifications (ADR 0060). */
export const pushRoutes: FastifyPluginAsyncZod<{ auth: CustomerSessions; push: PushService }> = async (
  app,
  { auth, push },
) => {
  const tags = ['push'];
  const security = [{ bearer: [] }];
  // A customer's browsers are listed on /profile/myProfile: the same access rule.
  const preHandler = authenticated(auth, 'myProfile');

  route(app, 'GET /push/key', { preHandler, schema: { tags, security } }, async () =>
    ok({ publicKey: await push.publicKey() }),
  );

  route(app, 'GET /push/devices', { preHandler, schema: { tags, security } }, async (request) =>
    ok(await push.list(currentUser(request).id)),
  );

  route(app, 'POST /push/devices', { preHandler, schema: { tags, security } }, async (request, reply) => {
    const device = await push.add(currentUser(request).id, request.body, request.headers['user-agent']);
    reply.status(201);
    return ok(device, PushMessages.deviceAdded, 201);
  });

  route(app, 'DELETE /push/devices/:id', { preHandler, schema: { tags, security } }, async (request) => {
    await push.remove(currentUser(request).id, request.params.id);
    return ok(null, PushMessages.deviceRemoved);
  });
};
