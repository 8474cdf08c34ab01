import { call } from '../../../lib/api.ts';
import { clearQueries } from '../../../lib/query-pages.tsx';
import { session } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';

export const logout = () => call('POST /auth/logout', undefined, { anonymous: true });

/** Ends the session on the server, then clears what the browser kept. */
export function useLogout() {
  return useAction(logout, {
    onSettled: () => {
      session.clear();
      clearQueries();
    },
  });
}
