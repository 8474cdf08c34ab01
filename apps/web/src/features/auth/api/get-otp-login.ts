import type { OtpRequestInput } from '@selfcare/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const getOtpLogin = (input: OtpRequestInput) =>
  api.post<null>('/auth/getOTPLogin', input, { anonymous: true });
export const useGetOtpLogin = () => useMutation({ mutationFn: getOtpLogin });
