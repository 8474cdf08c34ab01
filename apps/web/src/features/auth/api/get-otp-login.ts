import type { OtpRequestInput } from '@selfcare/domain';
import { call } from '../../../lib/api.ts';
import { useAction } from '../../../lib/use-action.ts';

export const getOtpLogin = (input: OtpRequestInput) =>
  call('POST /auth/getOTPLogin', { body: input }, { anonymous: true });
export const useGetOtpLogin = () => useAction(getOtpLogin);
