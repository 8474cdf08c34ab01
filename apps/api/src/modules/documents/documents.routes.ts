import { Messages } from '@selfcare/domain';
import { DOCUMENT_SIDES, documentSideSchema } from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, uploadedFile } from '../../http.ts';
import { authenticated, type CustomerSessions, currentUser } from '../../plugins/auth.ts';
import type { DocumentsService } from './documents.service.ts';

const documentSchema = z.object({
  id: z.string(),
  side: z.enum(DOCUMENT_SIDES),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
});

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
        response: { 201: envelopeOf(documentSchema) },
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
      const { doc, stream } = await documents.open(currentUser(request), request.params.id);
      return reply
        .header('content-type', doc.mimeType)
        .header('content-disposition', `attachment; filename="${doc.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
};
