import type { StaffSession, StaffUser } from '@selfcare/domain/contracts/staff';
import type { CallInput, Endpoints, StaffKey } from '@selfcare/domain/endpoints';
import type { StaffLoginInput, StaffPasskeyLoginInput } from '@selfcare/domain/fulfilment';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useSyncExternalStore } from 'react';
import { ApiError, type CallParts, createApiClient, urlOf } from '../lib/api-client.ts';

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
  subscribe: (l: () => void) => {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  },
};

export const useStaff = () => useSyncExternalStore(staffSession.subscribe, () => state.staff);

/**
 * Calls `forget` when the staff member signed in changes: a sign-out, an expiry, or another member
 * signing in on the same browser. What the pages kept is one member's (their passkeys, the queue as
 * they last saw it); a renewed token of the same member keeps it.
 */
export function onStaffChange(forget: () => void) {
  let signedIn = state.staff?.id ?? null;
  return staffSession.subscribe(() => {
    const now = state.staff?.id ?? null;
    if (now !== signedIn) forget();
    signedIn = now;
  });
}

/** The console's calls: a 401 tries one refresh, then sends the staff member to sign in again. */
export const staffApi = createApiClient<StaffSession, StaffKey>({
  base: '/api/v1',
  refreshKey: 'POST /staff/auth/refresh',
  token: () => state.token,
  renewed: staffSession.start,
  ended: staffSession.clear,
  loginPath: staffPathFor('staffLogin'),
  loadingBar: false,
});

/** A new access token from the refresh cookie; false when the staff session is over. */
export async function refreshStaff(): Promise<boolean> {
  const renewed = await staffApi.refresh();
  if (renewed) staffSession.start(renewed);
  return !!renewed;
}

/** One of the console's calls by its contract key: `staffCall('GET /staff/orders/:id', { params: { id } })`. */
export const staffCall = staffApi.call;

/** Signs in; a refusal (a wrong code or passkey) is the answer, not a reason to refresh. */
export const staffLogin = (input: StaffLoginInput | StaffPasskeyLoginInput) =>
  staffCall('POST /staff/auth/login', { body: input }, { anonymous: true });

/** A protected file (an ID document) as a URL the page can show, made from its bytes. */
export async function staffBlobUrl(orderId: string, documentId: string, download = false): Promise<string> {
  const key = 'GET /staff/orders/:id/documents/:documentId' satisfies StaffKey;
  const input: CallInput<typeof key, Endpoints[typeof key]> = {
    params: { id: orderId, documentId },
    query: download ? { download: '1' } : {},
  };
  const get = () =>
    fetch(`/api/v1${urlOf(key, input as CallParts)}`, {
      headers: state.token ? { authorization: `Bearer ${state.token}` } : {},
    });
  // The access token may have run out: one refresh, then once more.
  let res = await get();
  if (res.status === 401 && (await refreshStaff())) res = await get();
  if (!res.ok) throw new ApiError(res.status, 'This image failed to load');
  return URL.createObjectURL(await res.blob());
}

export async function staffLogout() {
  await staffCall('POST /staff/auth/logout', undefined, { anonymous: true }).catch(() => undefined);
  staffApi.endSession();
}
