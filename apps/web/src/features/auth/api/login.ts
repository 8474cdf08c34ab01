import type { LoginInput } from '@selfcare/domain';
import type { SessionResponse } from '@selfcare/domain/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { session } from '../../../lib/session.ts';

export const login = (input: LoginInput) =>
  api.post<SessionResponse>('/auth/login', input, { anonymous: true });

/** Logs in with a password or an OTP and stores the session. */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (res) => {
      session.set(res.data);
    },
  });
}
