import type { AuthUser, SessionResponse } from '@selfcare/domain/contracts/auth';
import { useEffect, useSyncExternalStore } from 'react';
import { forgetOfflineCopies } from './offline.ts';
import { storage } from './storage.ts';

interface SessionState {
  user: AuthUser | null;
  token: string | null;
  ready: boolean;
  /**
   * Read without a network (ADR 0057): the session could not be renewed for want of one, and the
   * customer reads what the portal kept until it is, within the session's own limit.
   */
  offline?: boolean;
}

let state: SessionState = { user: storage.user(), token: null, ready: false };
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * A login is valid while its token's exp (seconds) is in the future; read without a network, while
 * its session's limit is.
 */
export function isValid(user: AuthUser | null, offline = false): user is AuthUser {
  if (!user) return false;
  if (user.exp === undefined || user.exp > nowSeconds()) return true;
  return offline && user.sessionExp !== undefined && user.sessionExp > nowSeconds();
}

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Stores a fresh login. Returns true when the server runs another build than the stored one. */
  set(s: SessionResponse): boolean {
    // Another customer signing in on this device reads nothing the last one's pages kept.
    if (storage.user()?.id !== s.authUser.id) forgetOfflineCopies();
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
    // An answer about the customer carries no token times: the session's stay.
    const updated = {
      ...user,
      exp: user.exp ?? state.user.exp,
      sessionExp: user.sessionExp ?? state.user.sessionExp,
    };
    storage.setUser(updated);
    state = { ...state, user: updated };
    emit();
  },
  /** The session could not be renewed for want of a network: the customer reads what was kept. */
  readOffline() {
    state = { ...state, offline: true, ready: true };
    emit();
  },
  clear() {
    storage.clearLogin();
    forgetOfflineCopies();
    state = { user: null, token: null, ready: true };
    emit();
  },
  /** A login whose exp has passed: cleared like a logout, without deciding whether start-up is done. */
  expire() {
    storage.clearLogin();
    forgetOfflineCopies();
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
  const expired = !!s.user && !isValid(s.user, s.offline);
  useEffect(() => {
    if (expired) session.expire();
  }, [expired]);
  return { ...s, user: expired ? null : s.user };
}
