import { preferredLocale } from '@selfcare/domain';
import type { FastifyInstance } from 'fastify';
import { messageIn } from '../domain-messages.ts';

interface Envelope {
  message: string;
  extra_info?: { fields?: Record<string, unknown> } & Record<string, unknown>;
}

const isEnvelope = (payload: unknown): payload is Envelope =>
  !!payload && typeof payload === 'object' && typeof (payload as Envelope).message === 'string';

/** One of the domain's messages in the language a request's Accept-Language asks for. */
export function messageFor(acceptLanguage: string | undefined, message: string): string {
  const locale = preferredLocale(acceptLanguage);
  return !locale ? message : messageIn(locale, message);
}

/**
 * The envelope's message and its field errors in the language the request asks for (ADR 0055): the
 * portal sends the language its pages are read in as Accept-Language, so 'Email is required' or
 * 'Bill payment success' reaches a customer reading Chinese in Chinese. The data is left as it is,
 * and a request that asks for none of ours, or for English, gets the spec's English.
 */
export function registerMessageLanguage(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const locale = preferredLocale(request.headers['accept-language']);
    if (!locale || locale === 'en' || !isEnvelope(payload)) return payload;
    const fields = payload.extra_info?.fields;
    return {
      ...payload,
      message: messageIn(locale, payload.message),
      ...(fields && typeof fields === 'object'
        ? {
            extra_info: {
              ...payload.extra_info,
              fields: Object.fromEntries(
                Object.entries(fields).map(([k, v]) => [k, typeof v === 'string' ? messageIn(locale, v) : v]),
              ),
            },
          }
        : {}),
    };
  });
}
