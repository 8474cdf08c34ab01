import { useEffect } from 'react';
import { endSession, refreshSession } from '../lib/api.ts';
import { session, useSession } from '../lib/session.ts';

const REFRESH_AHEAD_SECONDS = 60;

/**
 * A new access token for the session; a failed renewal ends it, unless the network is gone: then the
 * customer goes on reading what the portal kept, and the renewal is tried when it is back (ADR 0057).
 */
async function renew(): Promise<void> {
  const renewed = await refreshSession();
  if (!renewed && !navigator.onLine) {
    session.readOffline();
    window.addEventListener('online', () => void renew(), { once: true });
  } else if (!renewed) endSession();
  else if (session.set(renewed)) window.location.reload();
}

/** Renews the access token a minute before it expires. */
export function SessionKeeper() {
  const { user } = useSession();
  const exp = user?.exp;

  useEffect(() => {
    if (!exp) return;
    const delay = Math.max(0, (exp - REFRESH_AHEAD_SECONDS) * 1000 - Date.now());
    const timer = setTimeout(() => void renew(), delay);
    return () => clearTimeout(timer);
  }, [exp]);
  return null;
}
