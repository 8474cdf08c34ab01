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
