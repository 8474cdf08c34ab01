import type { AuthUser, SessionResponse } from '@selfcare/domain';
import { vi } from 'vitest';

/** One request as the server saw it. */
export interface Seen {
  method: string;
  /** Path and query string. */
  path: string;
  authorization: string | null;
  contentType: string | null;
  body: string | null;
}

export interface Reply {
  status: number;
  statusText?: string;
  /** Sent as JSON; no body at all when undefined. */
  body?: unknown;
}

/**
 * Stands in for the API behind `fetch`: `answer` replies to each request, and every request is kept
 * in `seen`. `answer` may throw to play a network failure (no response at all).
 */
export function fakeServer(answer: (req: Seen) => Reply | Promise<Reply>) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), window.location.href);
      const headers = new Headers(init.headers);
      const req: Seen = {
        method: init.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        authorization: headers.get('authorization'),
        contentType: headers.get('content-type'),
        body: typeof init.body === 'string' ? init.body : null,
      };
      seen.push(req);
      const reply = await answer(req);
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        statusText: reply.statusText ?? '',
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return {
    seen,
    count: (method: string, path: string) =>
      seen.filter((r) => r.method === method && r.path === path).length,
  };
}

/** The API's envelope around `data`. */
export const ok = <T>(data: T, message = ''): Reply => ({
  status: 200,
  body: { data, status: 200, message, extra_info: {} },
});

export const refused = (status: number, message: string, extraInfo: object = {}): Reply => ({
  status,
  body: { data: null, status, message, extra_info: extraInfo },
});

/** Resolves after the other requests already sent have had their turn. */
export const later = <T>(value: T, ms = 20) => new Promise<T>((r) => setTimeout(() => r(value), ms));

export const customer = (over: Partial<AuthUser> = {}): AuthUser => ({
  id: 'u-1',
  name: 'Mei Ling Tan',
  firstName: 'Mei Ling',
  lastName: 'Tan',
  email: 'mei@example.com',
  status: 2,
  activated: true,
  isVerify: true,
  isMainLine: true,
  phoneNumber: '91000004',
  type: 0,
  subline: 0,
  enable: true,
  isMNP: false,
  cisTypes: [],
  roadshow: false,
  language: null,
  exp: Math.floor(Date.now() / 1000) + 900,
  ...over,
});

export const sessionOf = (token: string, version = 'build-1'): SessionResponse => ({
  token,
  authUser: customer(),
  version,
});
