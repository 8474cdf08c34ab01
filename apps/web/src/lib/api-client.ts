import { Messages } from '@selfcare/domain';
import { loading } from './loading.ts';
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
export interface ApiClientConfig<S> {
  /** Where the calls go: `/api/v1` for customers, `/api/v1/staff` for staff. */
  base: string;
  /** The call (under `base`) that trades the HttpOnly refresh cookie for a new session. */
  refreshPath: string;
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
export function createApiClient<S>(config: ApiClientConfig<S>) {
  async function send<T>(method: Method, path: string, payload: unknown): Promise<Envelope<T>> {
    let url = `${config.base}${path}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    const init: RequestInit = { method, credentials: 'include', headers };
    // GET and DELETE send the payload as query parameters (a filter with no value is left out),
    // POST and PUT as the body.
    if (method === 'GET' || method === 'DELETE') {
      if (payload && typeof payload === 'object') {
        const qs = new URLSearchParams(
          Object.entries(payload)
            .filter(([, v]) => v !== undefined && v !== null && v !== '')
            .map(([k, v]) => [k, String(v)]),
        ).toString();
        if (qs) url += `?${qs}`;
      }
    } else if (payload instanceof FormData) {
      init.body = payload;
    } else {
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

  /** One refresh at a time, however many calls ask for it; null when the session cannot be renewed. */
  function refresh(): Promise<S | null> {
    refreshing ??= send<S>('POST', config.refreshPath, {})
      .then((r) => r.data)
      .catch(() => null)
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
    try {
      try {
        return await send<T>(method, path, payload);
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 401 || opts.anonymous) throw err;
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

  /** A protected file's bytes, after one refresh if the access token ran out. */
  async function file(path: string): Promise<Response> {
    const get = () => {
      const token = config.token();
      return fetch(`${config.base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    };
    let res = await get();
    if (res.status === 401) {
      const session = await refresh();
      if (session) {
        config.renewed(session);
        res = await get();
      }
    }
    return res;
  }

  return {
    request,
    refresh,
    endSession,
    file,
    get: <T>(path: string, query?: object, opts?: RequestOptions) => request<T>('GET', path, query, opts),
    post: <T>(path: string, body?: object, opts?: RequestOptions) => request<T>('POST', path, body, opts),
    put: <T>(path: string, body?: object, opts?: RequestOptions) => request<T>('PUT', path, body, opts),
    delete: <T>(path: string, query?: object, opts?: RequestOptions) =>
      request<T>('DELETE', path, query, opts),
    /** Sends one file as multipart/form-data (field "file"). */
    upload<T>(path: string, upload: File, opts?: RequestOptions) {
      const form = new FormData();
      form.append('file', upload);
      return request<T>('POST', path, form, opts);
    },
  };
}
