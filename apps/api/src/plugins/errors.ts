import { Messages, RequestMessages } from '@selfcare/domain';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

function envelope(status: number, message: string, extra: Record<string, unknown> = {}) {
  return { data: null, status, message, extra_info: extra };
}

export const UPLOAD_INCOMPLETE = RequestMessages.uploadIncomplete;
export const UNSTORABLE_TEXT = RequestMessages.unstorableText;

// What the multipart parser (busboy) throws for a body cut short or not well formed. It gives these
// errors no code, only their text, so they are told apart only on a multipart request.
const MALFORMED_MULTIPART =
  /unexpected end of (multipart data|form)|terminated early|malformed part header|boundary (not found|required)/i;

function isMalformedUpload(err: FastifyError, request: FastifyRequest) {
  if (err.code === 'FST_MP_PREMATURE_CLOSE') return true;
  return !err.code && request.isMultipart() && MALFORMED_MULTIPART.test(err.message);
}

type DriverError = { code?: unknown; detail?: unknown; cause?: unknown };

/**
 * PostgreSQL refusing text: NUL in text (22021) or in JSON (22P05), or an unpaired surrogate escape
 * in JSON (22P02 with that detail). The schemas refuse both first; this keeps a schema that misses
 * one from turning it into a 500. The query builder wraps the driver's error, hence the causes.
 */
function isUnstorableText(err: unknown): boolean {
  let e = err as DriverError | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as DriverError | undefined) {
    if (e.code === '22021' || e.code === '22P05') return true;
    if (e.code === '22P02' && typeof e.detail === 'string' && /surrogate/i.test(e.detail)) return true;
  }
  return false;
}

/**
 * One error handler: spec messages for known errors, field errors in extra_info.fields, and for
 * anything unexpected a generic 500 with the request id (details only in the log).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(envelope(err.statusCode, err.message, err.extra));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'form';
        fields[key] ??= issue.message ?? Messages.invalid(key);
      }
      const first = Object.values(fields)[0] ?? RequestMessages.invalid;
      return reply.status(422).send(envelope(422, first, { fields }));
    }
    if (isMalformedUpload(err, request)) {
      return reply
        .status(400)
        .send(envelope(400, UPLOAD_INCOMPLETE, { fields: { file: UPLOAD_INCOMPLETE } }));
    }
    if (isUnstorableText(err)) {
      request.log.warn({ err }, 'text the database cannot store got past the schemas');
      return reply.status(400).send(envelope(400, UNSTORABLE_TEXT));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(envelope(429, err.message, {}));
    }
    if (status >= 400 && status < 500) {
      const message = status === 415 || status === 400 ? RequestMessages.invalid : err.message;
      return reply.status(status).send(envelope(status, message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(envelope(500, Messages.serverError, { requestId: request.id }));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(envelope(404, RequestMessages.noRoute(request.method, request.url.split('?')[0] ?? '')));
  });
}
