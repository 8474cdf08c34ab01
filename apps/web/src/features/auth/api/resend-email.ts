import { call } from '../../../lib/api.ts';
import { useAction } from '../../../lib/use-action.ts';

export const resendEmail = () => call('POST /auth/resendEmail');
export const useResendEmail = () => useAction(resendEmail);
