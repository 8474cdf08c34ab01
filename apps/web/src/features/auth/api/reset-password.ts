import type { ResetPasswordInput } from '@selfcare/domain';
import { call } from '../../../lib/api.ts';
import { useAction } from '../../../lib/use-action.ts';

export const resetPassword = (input: ResetPasswordInput) =>
  call('POST /auth/resetPassword', { body: input }, { anonymous: true });
export const useResetPassword = () => useAction(resetPassword);
