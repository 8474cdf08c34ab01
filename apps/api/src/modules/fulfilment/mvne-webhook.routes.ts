import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http.ts';
import { route } from '../../route.ts';
import type { ActivationService } from './activation.service.ts';

/** Signed MVNE events (activation completed), read as the raw body their signature covers. */
export const mvneWebhookRoutes: FastifyPluginAsyncZod<{ activation: ActivationService }> = async (
  app,
  { activation },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  route(app, 'POST /webhooks/mvne', { schema: { tags: ['webhooks'] } }, async (request) => {
    await activation.receiveWebhook(
      request.body as string,
      request.headers['selfcare-signature'] as string | undefined,
    );
    return ok(null);
  });
};
