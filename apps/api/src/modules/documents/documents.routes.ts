import { Messages } from '@selfcare/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, uploadedFile } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import { route } from '../../route.ts';
import type { DocumentsService } from './documents.service.ts';

export const documentsRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  documents: DocumentsService;
}> = async (app, { auth, documents }) => {
  const security = [{ bearer: [] }];
  const tags = ['documents'];

  route(
    app,
    'POST /documents',
    { preHandler: authenticated(auth), schema: { tags, security } },
    async (request, reply) => {
      const { filename, content } = await uploadedFile(request);
      const doc = await documents.upload(currentUser(request), request.query.side, filename, content);
      return reply.status(201).send(ok(doc, Messages.dataAdded, 201));
    },
  );

  route(
    app,
    'GET /documents/:id',
    { preHandler: authenticated(auth), schema: { tags, security } },
    async (request, reply) => {
      const { doc, content } = await documents.open(currentUser(request), request.params.id);
      return reply
        .header('content-type', doc.mimeType)
        .header('content-disposition', `attachment; filename="${doc.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(content);
    },
  );
};
