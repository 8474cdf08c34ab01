import type { StaffSession, StaffUser } from '@selfcare/domain/contracts/staff';
import type { StaffLoginInput } from '@selfcare/domain/fulfilment';
import { staffPathFor } from '@selfcare/domain/staff-routes';
import { useSyncExternalStore } from 'react';
import { ApiError, createApiClient } from '../lib/api-client.ts';

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

/** The console's calls: a 401 tries one refresh, then sends the staff member to sign in again. */
export const staffApi = createApiClient<StaffSession>({
  base: '/api/v1/staff',
  refreshPath: '/auth/refresh',
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

/** Signs in; a refusal (a wrong code) is the answer, not a reason to refresh. */
export const staffLogin = (input: StaffLoginInput) =>
  staffApi.post<StaffSession>('/auth/login', input, { anonymous: true });

/** A protected file (an ID document) as a URL the page can show, made from its bytes. */
export async function staffBlobUrl(path: string): Promise<string> {
  const res = await staffApi.file(path);
  if (!res.ok) throw new ApiError(res.status, 'This image failed to load');
  return URL.createObjectURL(await res.blob());
}

export async function staffLogout() {
  await staffApi.post('/auth/logout', {}, { anonymous: true }).catch(() => undefined);
  staffApi.endSession();
}
