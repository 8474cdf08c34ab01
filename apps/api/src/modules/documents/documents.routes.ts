import { Messages, UPLOAD_MAX_BYTES } from '@selfcare/domain';
import { DOCUMENT_SIDES, documentSideSchema, OrderMessages } from '@selfcare/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { envelopeOf, ok } from '../../http.ts';
import { authenticated, currentUser } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { DocumentsService } from './documents.service.ts';

const documentSchema = z.object({
  id: z.string(),
  side: z.enum(DOCUMENT_SIDES),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
});

export const documentsRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
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
      const part = await request.file({ limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0 } });
      if (!part) throw AppError.field('file', Messages.required('File'));
      let content: Buffer;
      try {
        content = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw AppError.field('file', OrderMessages.fileTooLarge, 413);
        throw err;
      }
      const doc = await documents.upload(currentUser(request), request.query.side, part.filename, content);
      return reply.status(201).send(ok(doc, 'Add new data successfully.', 201));
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
