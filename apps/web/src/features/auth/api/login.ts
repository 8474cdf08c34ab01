import type { LoginInput } from '@selfcare/domain';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { session } from '../../../lib/session.ts';

export const login = (input: LoginInput) => call('POST /auth/login', { body: input }, { anonymous: true });

/** Logs in with a password or an OTP and stores the session. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (res) => {
      session.set(res.data);
    },
  });
}
