import { LOCALE_TAGS, Messages } from '@selfcare/domain';
import type { CallArgs, CallResponse, EndpointKey, Endpoints } from '@selfcare/domain/endpoints';
import { OFFLINE_COPY_HEADER } from '../../sw/offline-reads.ts';
import { currentLanguage } from './i18n.ts';
import { loading } from './loading.ts';
import { offline } from './offline.ts';
import { navigate } from './router.tsx';

/** An error as the request layer reports it: status, message and extra_info (SPEC.md section 8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extraInfo: { fields?: Record<string, string>; [k: string]: unknown } = {},
  ) {
    super(message);
  }
  get fields(): Record<string, string> {
    return this.extraInfo.fields ?? {};
  }
}

/** Whether a call failed for want of a network (it never reached the API), not because it was refused. */
export const isUnreachable = (err: unknown) => err instanceof ApiError && err.status === -1;

export interface Envelope<T> {
  data: T;
  status: number;
  message: string;
  extra_info: Record<string, unknown>;
}

export interface RequestOptions {
  /** No loading bar (the reset-token check runs without one). */
  silent?: boolean;
  /** Do not try a refresh and do not end the session on 401 (the auth calls themselves). */
  anonymous?: boolean;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What differs between the customer portal's session and the staff console's. */
export interface ApiClientConfig<S, K extends EndpointKey> {
  /** Where the contract's paths are: `/api/v1`. */
  base: string;
  /** The call that trades the HttpOnly refresh cookie for a new session. */
  refreshKey: K & `POST ${string}`;
  /** The access token held now. */
  token: () => string | null;
  /** Keeps a session the refresh call gave. */
  renewed: (session: S) => void;
  /** Forgets the session that could not be renewed. */
  ended: () => void;
  /** Where a session that cannot be renewed sends the user. */
  loginPath: string;
  /** Whether calls show the loading bar (the staff console has none). */
  loadingBar: boolean;
}

/**
 * One HTTP client: the envelope, the error it becomes, the access token, and on 401 one silent refresh
 * shared by every call that failed together, then the call once more; otherwise the session is over.
 */
export function createApiClient<S, K extends EndpointKey>(config: ApiClientConfig<S, K>) {
  async function send<T>(method: Method, path: string, payload: unknown): Promise<Envelope<T>> {
    const url = `${config.base}${path}`;
    // The API writes its messages in the language the pages are read in (ADR 0055).
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-language': LOCALE_TAGS[currentLanguage()],
    };
    const init: RequestInit = { method, credentials: 'include', headers };
    // POST and PUT always carry a body (an empty object when the call takes none); GET and DELETE none.
    if (payload instanceof FormData) init.body = payload;
    else if (method === 'POST' || method === 'PUT') {
      init.body = JSON.stringify(payload ?? {});
      headers['content-type'] = 'application/json';
    }
    const token = config.token();
    if (token) headers.authorization = `Bearer ${token}`;

    let res: Response;
    try {
      res = await fetch(url, init);
    } catch {
      throw new ApiError(-1, Messages.requestFailed);
    }
    // An answer the service worker kept, given while there is no network (ADR 0057).
    const copy = res.headers.get(OFFLINE_COPY_HEADER);
    if (copy) offline.sawCopy(copy);
    else if (res.ok) offline.sawLive();
    const body = (await res.json().catch(() => null)) as Envelope<T> | null;
    if (res.status === 200 || res.status === 201) return body as Envelope<T>;
    if (res.status === 404 && !body?.message) console.error(`404 ${method} ${path}`);
    throw new ApiError(
      res.status,
      body?.message || res.statusText || Messages.requestFailed,
      (body?.extra_info as ApiError['extraInfo']) ?? {},
    );
  }

  let refreshing: Promise<S | null> | null = null;
  /** Whether the last refresh failed for want of a network rather than being refused (ADR 0057). */
  let unreachable = false;

  /** One refresh at a time, however many calls ask for it; null when the session cannot be renewed. */
  function refresh(): Promise<S | null> {
    refreshing ??= send<S>('POST', urlOf(config.refreshKey), {})
      .then((r) => {
        unreachable = false;
        return r.data;
      })
      .catch((err: unknown) => {
        unreachable = isUnreachable(err);
        return null;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  /** Forgets the session and shows the sign-in page in its place (Back does not return to it). */
  function endSession() {
    config.ended();
    if (window.location.pathname !== config.loginPath) navigate(config.loginPath, { replace: true });
  }

  async function request<T>(
    method: Method,
    path: string,
    payload?: unknown,
    opts: RequestOptions = {},
  ): Promise<Envelope<T>> {
    const bar = config.loadingBar && !opts.silent;
    if (bar) loading.start();
    // The session the call was sent in: one ended while it was under way (a sign-out, a page that
    // starts signed out) is not renewed for its refusal, nor is the customer sent to /login for it.
    const sentSignedIn = config.token() !== null;
    try {
      try {
        return await send<T>(method, path, payload);
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 401 || opts.anonymous) throw err;
        if (sentSignedIn && config.token() === null) throw err;
        // The access token ran out: one silent refresh, then the call again; otherwise the session is over.
        const session = await refresh();
        if (session) {
          config.renewed(session);
          return await send<T>(method, path, payload);
        }
        endSession();
        throw err;
      }
    } finally {
      if (bar) loading.stop();
    }
  }

  /**
   * One call of the contract (ADR 0044), by its key: its parameters, query, body and answer are the
   * entry's, and a key the contract does not have does not compile.
   */
  function call<C extends K>(
    key: C,
    ...[input, opts]: CallArgs<C, Endpoints[C], RequestOptions>
  ): Promise<Envelope<CallResponse<Endpoints[C]>>> {
    const parts = (input ?? {}) as CallParts;
    let body = parts.body;
    if (parts.file) {
      body = new FormData();
      (body as FormData).append('file', parts.file);
    }
    return request(methodOf(key), urlOf(key, parts), body, opts);
  }

  return { call, refresh, endSession, unreachable: () => unreachable };
}

/** What a call's input holds, whichever call it is. */
export interface CallParts {
  params?: Record<string, string>;
  query?: object;
  body?: unknown;
  file?: Blob;
}

const methodOf = (key: string) => key.slice(0, key.indexOf(' ')) as Method;

/**
 * The path of a key under the API's base with its `:name` parameters filled in, each encoded, then the
 * query string (a filter with no value is left out).
 */
export function urlOf(key: string, { params = {}, query }: CallParts = {}): string {
  // The key's type makes each `:name` a required parameter.
  const path = key
    .slice(key.indexOf(' ') + 1)
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] as string));
  const qs = new URLSearchParams(
    Object.entries(query ?? {})
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();
  return qs ? `${path}?${qs}` : path;
}
