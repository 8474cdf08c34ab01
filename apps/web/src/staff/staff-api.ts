import type { StaffSession, StaffUser } from '@selfcare/domain/fulfilment';
import { useSyncExternalStore } from 'react';
import { ApiError, type Envelope } from '../lib/api.ts';
import { navigate } from '../lib/router.tsx';

/**
 * The staff console's own session: the access token lives only in memory (a reload asks the
 * HttpOnly refresh cookie for a new one), separate from any customer session in the same browser.
 */
let state: { staff: StaffUser | null; token: string | null } = { staff: null, token: null };
const listeners = new Set<() => void>();
const set = (next: typeof state) => {
  state = next;
  for (const l of listeners) l();
};

export const staffSession = {
  get: () => state,
  start: (s: StaffSession) => set({ staff: s.staff, token: s.token }),
  clear: () => set({ staff: null, token: null }),
};

export const useStaff = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state.staff,
  );

async function send<T>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<Envelope<T>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (state.token) headers.authorization = `Bearer ${state.token}`;
  let body: BodyInit | undefined;
  let url = `/api/v1/staff${path}`;
  if (method === 'GET' && payload) {
    const qs = new URLSearchParams(
      Object.entries(payload).filter(([, v]) => v !== undefined && v !== '' && v !== null) as [
        string,
        string,
      ][],
    ).toString();
    if (qs) url += `?${qs}`;
  } else if (payload instanceof FormData) body = payload;
  else if (method === 'POST') {
    body = JSON.stringify(payload ?? {});
    headers['content-type'] = 'application/json';
  }
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, credentials: 'include' });
  } catch {
    throw new ApiError(-1, 'Request Failed');
  }
  const json = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (res.status === 200 || res.status === 201) return json as Envelope<T>;
  throw new ApiError(
    res.status,
    json?.message || res.statusText,
    (json?.extra_info as ApiError['extraInfo']) ?? {},
  );
}

let refreshing: Promise<boolean> | null = null;
/** A new access token from the refresh cookie; false when the staff session is over. */
export function refreshStaff(): Promise<boolean> {
  refreshing ??= send<StaffSession>('POST', '/auth/refresh')
    .then((r) => {
      staffSession.start(r.data);
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** A staff call; a 401 tries one refresh, then sends the staff member to sign in again. */
export async function staffCall<T>(
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
): Promise<Envelope<T>> {
  try {
    return await send<T>(method, path, payload);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401 || path.startsWith('/auth/')) throw err;
    if (await refreshStaff()) return send<T>(method, path, payload);
    staffSession.clear();
    navigate('/staff/login', { replace: true });
    throw err;
  }
}

/** A protected file (an ID document) as a URL the page can show, made from its bytes. */
export async function staffBlobUrl(path: string): Promise<string> {
  const get = () =>
    fetch(`/api/v1/staff${path}`, { headers: state.token ? { authorization: `Bearer ${state.token}` } : {} });
  let res = await get();
  if (res.status === 401 && (await refreshStaff())) res = await get();
  if (!res.ok) throw new ApiError(res.status, 'This image failed to load');
  return URL.createObjectURL(await res.blob());
}

export async function staffLogout() {
  await send('POST', '/auth/logout').catch(() => undefined);
  staffSession.clear();
  navigate('/staff/login', { replace: true });
}
