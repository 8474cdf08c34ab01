import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const forgotPassword = (input: { email: string }) =>
  api.post<null>('/auth/forgotPassword', input, { anonymous: true });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
