import { call, isUnreachable, putOffLogout } from '../../../lib/api.ts';
import { clearQueries } from '../../../lib/query-pages.tsx';
import { session } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';

/**
 * Ends the session on the server. Without a network the sign-out is sent when it is back (ADR 0057):
 * until then the device holds nothing of the session but its cookie, which the next start ends first.
 */
export async function logout() {
  try {
    return await call('POST /auth/logout', undefined, { anonymous: true });
  } catch (err) {
    if (isUnreachable(err)) putOffLogout();
    throw err;
  }
}

/** Ends the session on the server, then clears what the browser kept. */
export function useLogout() {
  return useAction(logout, {
    onSettled: () => {
      session.clear();
      clearQueries();
    },
  });
}
