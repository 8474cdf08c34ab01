import { Messages } from '@selfcare/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

function envelope(status: number, message: string, extra: Record<string, unknown> = {}) {
  return { data: null, status, message, extra_info: extra };
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
      const first = Object.values(fields)[0] ?? 'The request is invalid';
      return reply.status(422).send(envelope(422, first, { fields }));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(envelope(429, err.message, {}));
    }
    if (status >= 400 && status < 500) {
      const message = status === 415 || status === 400 ? 'The request is invalid' : err.message;
      return reply.status(status).send(envelope(status, message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(envelope(500, Messages.serverError, { requestId: request.id }));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(envelope(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}
