import type { ResetPasswordInput } from '@selfcare/domain';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const resetPassword = (input: ResetPasswordInput) =>
  call('POST /auth/resetPassword', { body: input }, { anonymous: true });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
