import { call } from '../../../lib/api.ts';
import { useAction } from '../../../lib/use-action.ts';

export const forgotPassword = (input: { email: string }) =>
  call('POST /auth/forgotPassword', { body: input }, { anonymous: true });
export const useForgotPassword = () => useAction(forgotPassword);
