import { call, isUnreachable, putOffLogout } from '../../../lib/api.ts';
import { signOutOfPush } from '../../../lib/push-subscription.ts';
import { clearQueries } from '../../../lib/query-pages.tsx';
import { session } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';

/**
 * Ends the session on the server. Without a network the sign-out is sent when it is back (ADR 0057):
 * until then the device holds nothing of the session but its cookie, which the next start ends first.
 * A browser that shows the account's notifications stops (ADR 0060): the server forgets it, and its
 * subscription ends, so that even a sign-out sent later leaves nothing to reach it.
 */
export async function logout() {
  const push = await signOutOfPush();
  try {
    return await call('POST /auth/logout', { body: push.body }, { anonymous: true });
  } catch (err) {
    if (isUnreachable(err)) putOffLogout();
    throw err;
  } finally {
    await push.end();
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
