import { Messages } from '@selfcare/domain';
import { ApiError } from '../../lib/api.ts';
import { tm } from '../../lib/i18n.ts';

/**
 * What a customer reads when an emailed link (a confirmation, a new address, a password reset) could
 * not be used (ADR 0035). The server's answer when it says why: the link has expired, or the new
 * address was registered meanwhile (409). Any other refusal is the spec's invalid link. When the check
 * itself did not happen (the server failed or could not be reached), the link may well be good:
 * 'Verification failed.', not an invalid link.
 */
export function linkFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (
      error.status === 409 ||
      error.message === Messages.linkExpired ||
      error.message === tm(Messages.linkExpired)
    )
      return error.message;
    if (error.status >= 400 && error.status < 500 && error.status !== 429) return Messages.invalidLink;
  }
  return Messages.verificationFailed;
}
