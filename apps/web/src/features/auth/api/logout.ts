import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { session } from '../../../lib/session.ts';

export const logout = () => call('POST /auth/logout', undefined, { anonymous: true });

/** Ends the session on the server, then clears what the browser kept. */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      session.clear();
      queryClient.clear();
    },
  });
}
