import { FIGURES_CACHE, FORGET_FIGURES } from '../../sw/offline-reads.ts';

/**
 * Whether the portal is read without a network, and since when what it shows was saved (ADR 0057):
 * the service worker marks an answer it gave from its cache with the time the API sent it, and the
 * API client reports each one here.
 */
interface OfflineState {
  online: boolean;
  /** The oldest saved answer shown since the network went: what the page's figures are as of. */
  savedAt: Date | null;
}

let state: OfflineState = { online: typeof navigator === 'undefined' || navigator.onLine, savedAt: null };
const listeners = new Set<() => void>();
const set = (next: OfflineState) => {
  state = next;
  for (const l of listeners) l();
};

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => set({ ...state, online: false }));
  window.addEventListener('online', () => set({ online: true, savedAt: null }));
}

export const offline = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** An answer from the API itself: what the pages show is live again. */
  sawLive() {
    if (state.savedAt) set({ ...state, savedAt: null });
  },
  /** An answer the service worker kept, sent by the API at `httpDate`. */
  sawCopy(httpDate: string) {
    const at = new Date(httpDate);
    if (Number.isNaN(at.getTime())) return;
    if (!state.savedAt || at < state.savedAt) set({ ...state, savedAt: at });
  },
};

/**
 * Forgets the answers kept for offline reading: at a sign-out, or when a session ends, the next
 * person on this device must not read them.
 */
export function forgetOfflineCopies() {
  if (typeof caches !== 'undefined') void caches.delete(FIGURES_CACHE).catch(() => {});
  // And the worker drops any answer of a read still under way, which would write it again.
  if (typeof navigator !== 'undefined') navigator.serviceWorker?.controller?.postMessage(FORGET_FIGURES);
}
