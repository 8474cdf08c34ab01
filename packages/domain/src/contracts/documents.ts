import { z } from 'zod/mini';
import { DOCUMENT_SIDES } from '../ordering/enums.ts';

/** POST /api/v1/documents: the side of an ID document just uploaded. */
export const uploadedDocumentSchema = z.object({
  id: z.string(),
  side: z.enum(DOCUMENT_SIDES),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.int(),
});
export type UploadedDocument = z.infer<typeof uploadedDocumentSchema>;
