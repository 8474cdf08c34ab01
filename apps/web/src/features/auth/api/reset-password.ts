import type { ResetPasswordInput } from '@selfcare/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const resetPassword = (input: ResetPasswordInput) =>
  api.post<null>('/auth/resetPassword', input, { anonymous: true });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
