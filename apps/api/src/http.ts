import { isSafeText, Messages } from '@selfcare/domain';
import { OrderMessages } from '@selfcare/domain/order';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { AppError } from './errors.ts';

/** The response envelope every endpoint writes: { data, status, message, extra_info }. */
export function ok<T>(data: T, message = 'OK', status = 200) {
  return { data, status, message, extra_info: {} as Record<string, unknown> };
}

export const envelopeOf = <T extends $ZodType>(data: T) =>
  z.object({
    data,
    status: z.number().int(),
    message: z.string(),
    extra_info: z.record(z.string(), z.unknown()),
  });

export const emptyEnvelope = envelopeOf(z.null());

/**
 * The one file of a multipart upload (field "file"), read whole within the app's upload limit: a
 * missing file, one over the limit or a name that is not text is a field error on "file"; a body cut
 * short is answered by the error handler.
 */
export async function uploadedFile(request: FastifyRequest): Promise<{ filename: string; content: Buffer }> {
  const part = await request.file();
  if (!part) throw AppError.field('file', Messages.required('File'));
  let content: Buffer;
  try {
    content = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw AppError.field('file', OrderMessages.fileTooLarge, 413);
    throw err;
  }
  // The name is stored and shown as text, and the part header may carry a NUL (raw or as %00).
  if (!isSafeText(part.filename)) throw AppError.field('file', Messages.invalid('File name'));
  return { filename: part.filename, content };
}
