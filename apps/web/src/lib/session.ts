import type { AuthUser, SessionResponse } from '@selfcare/domain/contracts/auth';
import { useEffect, useSyncExternalStore } from 'react';
import { storage } from './storage.ts';

interface SessionState {
  user: AuthUser | null;
  token: string | null;
  ready: boolean;
}

let state: SessionState = { user: storage.user(), token: null, ready: false };
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A login is valid while its token's exp (seconds) is in the future. */
export function isValid(user: AuthUser | null): user is AuthUser {
  return !!user && (user.exp === undefined || user.exp > nowSeconds());
}

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Stores a fresh login. Returns true when the server runs another build than the stored one. */
  set(s: SessionResponse): boolean {
    storage.setUser(s.authUser);
    const stored = storage.version();
    storage.setVersion(s.version);
    state = { user: s.authUser, token: s.token, ready: true };
    emit();
    return stored !== null && stored !== s.version;
  },
  /** The signed-in customer as the API now answers them (their chosen language), the token kept. */
  updateUser(user: AuthUser) {
    if (!state.user) return;
    storage.setUser(user);
    state = { ...state, user };
    emit();
  },
  clear() {
    storage.clearLogin();
    state = { user: null, token: null, ready: true };
    emit();
  },
  /** A login whose exp has passed: cleared like a logout, without deciding whether start-up is done. */
  expire() {
    storage.clearLogin();
    state = { ...state, user: null, token: null };
    emit();
  },
  markReady() {
    state = { ...state, ready: true };
    emit();
  },
};

/**
 * The current session; a stored user whose exp has passed counts as logged out, and is cleared from
 * the browser's storage (spec §4), so that nothing reads it later.
 */
export function useSession() {
  const s = useSyncExternalStore(session.subscribe, session.get);
  const expired = !!s.user && !isValid(s.user);
  useEffect(() => {
    if (expired) session.expire();
  }, [expired]);
  return { ...s, user: expired ? null : s.user };
}
