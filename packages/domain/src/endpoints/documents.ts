import { z } from 'zod';
import { uploadedDocumentSchema } from '../contracts/documents.ts';
import { Messages } from '../index.ts';
import { documentSideSchema } from '../order.ts';
import type { Endpoint } from './endpoint.ts';

/** The calls the API answers in modules/documents/documents.routes.ts. */
export const documentsEndpoints = {
  'POST /documents': {
    summary: 'Upload one side of an ID document (multipart field "file"; JPEG, PNG or PDF, at most 5MB)',
    upload: true,
    query: documentSideSchema,
    response: uploadedDocumentSchema,
    status: 201,
  },
  'GET /documents/:id': {
    summary: "Download one of the caller's documents",
    params: z.object({ id: z.uuid({ error: Messages.notFound }) }),
  },
} as const satisfies Record<string, Endpoint>;
