import type { $ZodType, input, output } from 'zod/v4/core';

/** The methods the API answers. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of the API, keyed in the map by `'<METHOD> <path under /api/v1>'` (ADR 0044): what it takes
 * and what its envelope's `data` holds. The API registers its handler by the key and validates with
 * these schemas; the web derives the call's arguments and answer from them as types only.
 */
export interface Endpoint {
  summary?: string;
  description?: string;
  /** The path's `:name` parameters. */
  params?: $ZodType;
  /** The query string. */
  query?: $ZodType;
  /** The JSON body. */
  body?: $ZodType;
  /** The envelope's data; none when the answer is a file (a PDF, a document) or a redirect. */
  response?: $ZodType;
  /** The answer's status when it is not 200 (a created record). */
  status?: 201;
  /** The body is multipart/form-data with one file, field "file". */
  upload?: true;
}

/** The `:name` parameters of a path. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path of a key, `'GET /bills/:id'` → `'/bills/:id'`. */
export type PathOf<K extends string> = K extends `${Method} ${infer P}` ? P : never;

type Empty = Record<never, never>;

/**
 * A query as the web sends it: every value goes as text and one with no value (null, undefined, '') is
 * left out, so a text field may be given a number or a value read from the page's own address; the API
 * checks it against the schema.
 */
export type Query<T> = { [P in keyof T]: Text<T[P]> | null };
type Text<V> = V extends string ? string | number : V;
type Optional<T> = Empty extends T ? true : false;
type Part<Name extends string, T> = Optional<T> extends true ? { [P in Name]?: T } : { [P in Name]: T };

/** What a call of the entry `E` at key `K` takes: its path's parameters, query, body and file. */
export type CallInput<K extends string, E> = ([PathParams<PathOf<K>>] extends [never]
  ? unknown
  : { params: Record<PathParams<PathOf<K>>, string> }) &
  (E extends { query: infer Q extends $ZodType } ? Part<'query', Query<input<Q>>> : unknown) &
  (E extends { body: infer B extends $ZodType } ? Part<'body', input<B>> : unknown) &
  (E extends { upload: true } ? { file: Blob } : unknown);

/** The arguments after the key: the input may be left out when nothing in it is required. */
export type CallArgs<K extends string, E, Options> =
  Empty extends CallInput<K, E>
    ? [input?: CallInput<K, E>, options?: Options]
    : [input: CallInput<K, E>, options?: Options];

/** What the envelope's `data` holds when the call succeeds. */
export type CallResponse<E> = E extends { response: infer R extends $ZodType } ? output<R> : never;
