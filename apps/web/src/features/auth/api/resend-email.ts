import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const resendEmail = () => api.post<null>('/auth/resendEmail');
export const useResendEmail = () => useMutation({ mutationFn: resendEmail });
