import { useSyncExternalStore } from 'react';

/** Counts calls in flight: the loading flag is set before every call and cleared after it. */
let inFlight = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const loading = {
  start() {
    inFlight += 1;
    emit();
  },
  stop() {
    inFlight = Math.max(0, inFlight - 1);
    emit();
  },
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  active: () => inFlight > 0,
};

export const useLoading = () => useSyncExternalStore(loading.subscribe, loading.active);
