import type { LoginInput } from '@selfcare/domain';
import { call } from '../../../lib/api.ts';
import { session } from '../../../lib/session.ts';
import { useAction } from '../../../lib/use-action.ts';

export const login = (input: LoginInput) => call('POST /auth/login', { body: input }, { anonymous: true });

/** Logs in with a password or an OTP and stores the session. */
export function useLogin() {
  return useAction(login, {
    onSuccess: (res) => {
      session.set(res.data);
    },
  });
}
