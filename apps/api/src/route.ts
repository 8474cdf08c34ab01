import { type EndpointKey, endpoints } from '@selfcare/domain/endpoints';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';
import { envelopeOf } from './http.ts';

/** Where every contract's path is: a key's path is under it. */
export const API_BASE = '/api/v1';

type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
type Entry<K extends EndpointKey> = (typeof endpoints)[K];

/** The schema fastify validates and documents the call with, from its contract entry. */
type SchemaOf<E> = (E extends { params: infer P } ? { params: P } : unknown) &
  (E extends { query: infer Q } ? { querystring: Q } : unknown) &
  (E extends { body: infer B } ? { body: B } : unknown) &
  (E extends { response: infer R extends $ZodType }
    ? {
        response: E extends { status: 201 }
          ? { 201: ReturnType<typeof envelopeOf<R>> }
          : { 200: ReturnType<typeof envelopeOf<R>> };
      }
    : unknown);

type Handler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What the route adds to its contract: who may call it, its limits, and where the document lists it. */
type RouteOptions<S extends FastifySchema> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    S,
    ZodTypeProvider,
    FastifyBaseLogger
  >,
  'schema'
> & { schema?: { tags?: string[]; security?: { [name: string]: string[] }[] } };

/**
 * Registers the handler of one contract entry (ADR 0044): its path, parameters, query, body and answer
 * come from `endpoints[key]`, the answer wrapped in the envelope. A key that is not in the contract does
 * not compile; the plugin's prefix must be a part of the key's path under /api/v1.
 */
export function route<K extends EndpointKey>(
  app: App,
  key: K,
  options: RouteOptions<SchemaOf<Entry<K>> & FastifySchema>,
  handler: Handler<SchemaOf<Entry<K>> & FastifySchema>,
): void {
  const space = key.indexOf(' ');
  const method = key.slice(0, space) as HTTPMethods;
  const full = `${API_BASE}${key.slice(space + 1)}`;
  if (!full.startsWith(app.prefix)) throw new Error(`${key} cannot be registered under ${app.prefix}`);
  const entry: {
    summary?: string;
    description?: string;
    params?: $ZodType;
    query?: $ZodType;
    body?: $ZodType;
    response?: $ZodType;
    status?: number;
    upload?: boolean;
  } = endpoints[key];
  const schema: Record<string, unknown> = { ...options.schema };
  if (entry.summary) schema.summary = entry.summary;
  if (entry.description) schema.description = entry.description;
  if (entry.upload) schema.consumes = ['multipart/form-data'];
  if (entry.params) schema.params = entry.params;
  if (entry.query) schema.querystring = entry.query;
  if (entry.body) schema.body = entry.body;
  if (entry.response) schema.response = { [entry.status ?? 200]: envelopeOf(entry.response) };
  app.route({
    ...options,
    method,
    url: full.slice(app.prefix.length) || '/',
    schema,
    handler: handler as Handler<FastifySchema>,
  } as Parameters<App['route']>[0]);
}
