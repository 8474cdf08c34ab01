import { pathFor } from '@selfcare/domain';
import type { SessionResponse } from '@selfcare/domain/contracts/auth';
import type { CustomerKey } from '@selfcare/domain/endpoints';
import { createApiClient, isUnreachable } from './api-client.ts';
import { signOutOfPush } from './push-subscription.ts';
import { session } from './session.ts';
import { storage } from './storage.ts';

export { ApiError, type Envelope, isUnreachable, type RequestOptions } from './api-client.ts';

/** The customer portal's calls: the session kept in `session`, and /login when it cannot be renewed. */
const portal = createApiClient<SessionResponse, CustomerKey>({
  base: '/api/v1',
  refreshKey: 'POST /auth/refreshToken',
  token: () => session.get().token,
  // A session renewed by a newer build of the portal reloads the page to run that build.
  renewed: (s) => {
    if (session.set(s)) window.location.reload();
  },
  ended: () => session.clear(),
  loginPath: pathFor('login'),
  loadingBar: true,
});

/** One of the portal's calls by its contract key: `call('GET /bills/:id', { params: { id } })`. */
export const { call } = portal;

/** A new session from the refresh cookie, one refresh at a time; null when there is none. */
export const refreshSession = portal.refresh;

/** Ends the customer's session and shows /login. */
export const endSession = portal.endSession;

/** Whether the last refresh failed for want of a network, not because the session is over. */
export const refreshUnreachable = portal.unreachable;

/**
 * A sign-out made without a network (ADR 0057): the server's session and its cookie outlive it, so it
 * is sent again when the network is back, and before anything else at the next start. Answers whether
 * one was pending.
 */
export async function sendPendingLogout(): Promise<boolean> {
  if (!storage.logoutPending()) return false;
  // A browser still subscribed (its subscription could not end offline) is named, and ended again.
  const push = await signOutOfPush();
  try {
    await call('POST /auth/logout', { body: push.body }, { anonymous: true, silent: true });
    await push.end();
    storage.setLogoutPending(false);
  } catch (err) {
    if (isUnreachable(err)) putOffLogout();
    else storage.setLogoutPending(false);
  }
  return true;
}

/** A sign-out the network did not carry: kept, and sent when the browser says it is back. */
export function putOffLogout() {
  storage.setLogoutPending(true);
  window.addEventListener('online', () => void sendPendingLogout(), { once: true });
}

/** Takes what the server changed on the account (status, CIS companies) into the stored session. */
export async function reloadSessionUser(): Promise<void> {
  const renewed = await refreshSession();
  if (renewed) session.set(renewed);
}
