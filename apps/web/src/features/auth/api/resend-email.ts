import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const resendEmail = () => call('POST /auth/resendEmail');
export const useResendEmail = () => useMutation({ mutationFn: resendEmail });
