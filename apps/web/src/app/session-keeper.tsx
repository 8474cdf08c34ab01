import { useEffect } from 'react';
import { endSession, refreshSession, refreshUnreachable } from '../lib/api.ts';
import { session, useSession } from '../lib/session.ts';

const REFRESH_AHEAD_SECONDS = 60;
/** How soon a renewal that found no network is tried again, besides when the browser says it is back. */
const RETRY_OFFLINE_MS = 30_000;

/**
 * A new access token for the session; a refused renewal ends it. Without a network, the customer goes
 * on reading what the portal kept, and the renewal is tried again (ADR 0057). Nothing is renewed
 * once the customer signed out.
 */
async function renew(): Promise<void> {
  if (!session.get().user) return;
  const renewed = await refreshSession();
  if (!session.get().user) return;
  if (!renewed && (!navigator.onLine || refreshUnreachable())) {
    session.readOffline();
    const again = () => {
      window.removeEventListener('online', again);
      clearTimeout(timer);
      void renew();
    };
    const timer = setTimeout(again, RETRY_OFFLINE_MS);
    window.addEventListener('online', again);
  } else if (!renewed) endSession();
  else if (session.set(renewed)) window.location.reload();
}

/**
 * Renews the access token a minute before it expires; read without a network, ends the session at its
 * own limit (`sessionExp`), as the server would.
 */
export function SessionKeeper() {
  const { user, offline } = useSession();
  const exp = user?.exp;
  const sessionExp = offline ? user?.sessionExp : undefined;

  useEffect(() => {
    if (!exp) return;
    const delay = Math.max(0, (exp - REFRESH_AHEAD_SECONDS) * 1000 - Date.now());
    const timer = setTimeout(() => void renew(), delay);
    return () => clearTimeout(timer);
  }, [exp]);

  useEffect(() => {
    if (!sessionExp) return;
    const timer = setTimeout(() => session.expire(), Math.max(0, sessionExp * 1000 - Date.now()));
    return () => clearTimeout(timer);
  }, [sessionExp]);
  return null;
}
