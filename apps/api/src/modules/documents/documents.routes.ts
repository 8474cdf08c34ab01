import { Messages } from '@selfcare/domain';
import { uploadedDocumentSchema } from '@selfcare/domain/contracts/documents';
import { documentSideSchema } from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, uploadedFile } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import type { DocumentsService } from './documents.service.ts';

export const documentsRoutes: FastifyPluginAsyncZod<{
  auth: CustomerSessions;
  documents: DocumentsService;
}> = async (app, { auth, documents }) => {
  const security = [{ bearer: [] }];
  const tags = ['documents'];

  app.post(
    '/documents',
    {
      preHandler: authenticated(auth),
      schema: {
        tags,
        security,
        summary: 'Upload one side of an ID document (multipart field "file"; JPEG, PNG or PDF, at most 5MB)',
        consumes: ['multipart/form-data'],
        querystring: documentSideSchema,
        response: { 201: envelopeOf(uploadedDocumentSchema) },
      },
    },
    async (request, reply) => {
      const { filename, content } = await uploadedFile(request);
      const doc = await documents.upload(currentUser(request), request.query.side, filename, content);
      return reply.status(201).send(ok(doc, Messages.dataAdded, 201));
    },
  );

  app.get(
    '/documents/:id',
    {
      preHandler: authenticated(auth),
      schema: {
        tags,
        security,
        summary: "Download one of the caller's documents",
        params: z.object({ id: z.uuid({ error: Messages.notFound }) }),
      },
    },
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
