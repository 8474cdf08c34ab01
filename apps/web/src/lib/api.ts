import { Messages, type SessionResponse } from '@selfcare/domain';
import { loading } from './loading.ts';
import { session } from './session.ts';

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

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let onSessionEnded: () => void = () => {};
/** The router registers where a 401 sends the user. */
export function setSessionEndedHandler(fn: () => void) {
  onSessionEnded = fn;
}

async function send<T>(method: Method, path: string, payload: unknown): Promise<Envelope<T>> {
  let url = `/api/v1${path}`;
  const init: RequestInit = { method, credentials: 'include', headers: { accept: 'application/json' } };
  // GET and DELETE send the payload as query parameters, POST and PUT as the body.
  if (method === 'GET' || method === 'DELETE') {
    if (payload && typeof payload === 'object') {
      const qs = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString();
      if (qs) url += `?${qs}`;
    }
  } else if (payload instanceof FormData) {
    init.body = payload;
  } else {
    init.body = JSON.stringify(payload ?? {});
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
  }
  const token = session.get().token;
  if (token) (init.headers as Record<string, string>).authorization = `Bearer ${token}`;

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

let refreshing: Promise<SessionResponse | null> | null = null;

/** One refresh at a time, however many calls ask for it. */
export function refreshSession(): Promise<SessionResponse | null> {
  refreshing ??= send<SessionResponse>('POST', '/auth/refreshToken', {})
    .then((r) => r.data)
    .catch(() => null)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** Takes what the server changed on the account (status, CIS companies) into the stored session. */
export async function reloadSessionUser(): Promise<void> {
  const renewed = await refreshSession();
  if (renewed) session.set(renewed);
}

export async function request<T>(
  method: Method,
  path: string,
  payload?: unknown,
  opts: RequestOptions = {},
): Promise<Envelope<T>> {
  if (!opts.silent) loading.start();
  try {
    try {
      return await send<T>(method, path, payload);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 401 || opts.anonymous) throw err;
      // The access token ran out: one silent refresh, then the call again; otherwise the session is over.
      const renewed = await refreshSession();
      if (renewed) {
        if (session.set(renewed)) window.location.reload();
        return await send<T>(method, path, payload);
      }
      session.clear();
      onSessionEnded();
      throw err;
    }
  } finally {
    if (!opts.silent) loading.stop();
  }
}

export const api = {
  get: <T>(path: string, query?: object, opts?: RequestOptions) => request<T>('GET', path, query, opts),
  post: <T>(path: string, body?: object, opts?: RequestOptions) => request<T>('POST', path, body, opts),
  put: <T>(path: string, body?: object, opts?: RequestOptions) => request<T>('PUT', path, body, opts),
  delete: <T>(path: string, query?: object, opts?: RequestOptions) => request<T>('DELETE', path, query, opts),
};

/** Sends one file as multipart/form-data (field "file"). */
export function upload<T>(path: string, file: File, opts?: RequestOptions) {
  const form = new FormData();
  form.append('file', file);
  return request<T>('POST', path, form, opts);
}
