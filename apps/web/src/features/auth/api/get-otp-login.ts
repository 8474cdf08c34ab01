import type { OtpRequestInput } from '@selfcare/domain';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export const getOtpLogin = (input: OtpRequestInput) =>
  call('POST /auth/getOTPLogin', { body: input }, { anonymous: true });
export const useGetOtpLogin = () => useMutation({ mutationFn: getOtpLogin });
