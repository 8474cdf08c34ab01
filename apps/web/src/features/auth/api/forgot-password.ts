import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const forgotPassword = (input: { email: string }) =>
  call('POST /auth/forgotPassword', { body: input }, { anonymous: true });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
