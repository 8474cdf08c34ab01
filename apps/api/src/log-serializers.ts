import type { FastifyRequest } from 'fastify';

/** Pages whose path carries the secret of an emailed link (SPEC routes /resetPassword/:token, /confirmEmail/:token). */
const LINK_PAGE = /\/(resetPassword|confirmEmail)\/.*/i;

/**
 * A request URL as the log may keep it: a query string can carry codes and tokens (a Singpass
 * callback's code, any client that puts a token in the query), and the link pages carry theirs in the
 * path, so both are replaced. The path up to them stays, for it says what was asked.
 */
export function loggedUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(LINK_PAGE, '/$1/[redacted]');
  return q === -1 ? path : `${path}?[redacted]`;
}

/** Fastify's own request serializer with the URL passed through `loggedUrl`. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** What a database error says of where it happened: names of the schema's parts, never a value. */
const DB_ERROR_FACTS = ['code', 'schema', 'table', 'column', 'constraint'] as const;

/**
 * An error as a failed start prints it: for it and each of its causes, the kind, the message and the
 * stack's frames. A failed query's message lists its parameters and a database error's detail
 * repeats the row (a line's number, ICCID and IMSI, an email, an NRIC), so the query's message keeps
 * only the statement, and the database error says which constraint, table and column refused it; a
 * data exception (class 22) loses the value its message quotes.
 */
export function printableError(err: unknown): string {
  const out: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e !== undefined && e !== null && depth < 5; depth++) {
    const prefix = depth === 0 ? '' : 'Caused by: ';
    if (!(e instanceof Error)) {
      out.push(`${prefix}a thrown ${typeof e}`);
      break;
    }
    const fields = e as Error & Record<string, unknown>;
    let message = e.message;
    if (typeof fields.query === 'string' && 'params' in fields) message = `Failed query: ${fields.query}`;
    const code = typeof fields.code === 'string' ? fields.code : '';
    if (/^22/.test(code) && 'severity' in fields) message = message.replace(/:.*$/s, '');
    const facts =
      'severity' in fields
        ? DB_ERROR_FACTS.filter((k) => typeof fields[k] === 'string').map((k) => `${k} ${fields[k]}`)
        : [];
    out.push(`${prefix}${e.name}: ${message}${facts.length ? ` (${facts.join(', ')})` : ''}`);
    if (e instanceof AggregateError)
      for (const inner of e.errors) out.push(`  ${printableError(inner).split('\n')[0]}`);
    out.push(...(e.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l)));
    e = e.cause;
  }
  return out.join('\n');
}
