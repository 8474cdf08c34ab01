import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

/**
 * Checked without the loading screen (SPEC.md section 7). Sent as POST with the token in the body, so
 * that it never appears in a URL a server or proxy logs (ADR 0018).
 */
export const verifyResetToken = (token: string) =>
  call('POST /auth/verify-password-reset-token', { body: { token } }, { silent: true, anonymous: true });

export const verifyResetTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => verifyResetToken(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useVerifyResetToken = (token: string) => useQuery(verifyResetTokenQuery(token));
