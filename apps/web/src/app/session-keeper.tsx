import { useEffect } from 'react';
import { endSession, refreshSession } from '../lib/api.ts';
import { session, useSession } from '../lib/session.ts';

const REFRESH_AHEAD_SECONDS = 60;

/** Renews the access token a minute before it expires; a failed renewal ends the session. */
export function SessionKeeper() {
  const { user } = useSession();
  const exp = user?.exp;

  useEffect(() => {
    if (!exp) return;
    const delay = Math.max(0, (exp - REFRESH_AHEAD_SECONDS) * 1000 - Date.now());
    const timer = setTimeout(async () => {
      const renewed = await refreshSession();
      if (!renewed) {
        endSession();
      } else if (session.set(renewed)) {
        window.location.reload();
      }
    }, delay);
    return () => clearTimeout(timer);
  }, [exp]);
  return null;
}
