import { call } from '../../../lib/api.ts';
import { useCallOnce } from '../../../lib/use-action.ts';

/**
 * Checked without the loading screen (SPEC.md section 7). Sent as POST with the token in the body, so
 * that it never appears in a URL a server or proxy logs (ADR 0018).
 */
export const verifyResetToken = (token: string) =>
  call('POST /auth/verify-password-reset-token', { body: { token } }, { silent: true, anonymous: true });

export const useVerifyResetToken = (token: string) =>
  useCallOnce(`reset ${token}`, () => verifyResetToken(token));
