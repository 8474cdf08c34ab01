import { pathFor } from '@selfcare/domain';
import type { SessionResponse } from '@selfcare/domain/contracts/auth';
import { createApiClient } from './api-client.ts';
import { session } from './session.ts';

export { ApiError, type Envelope, type RequestOptions } from './api-client.ts';

/** The customer portal's calls: the session kept in `session`, and /login when it cannot be renewed. */
const portal = createApiClient<SessionResponse>({
  base: '/api/v1',
  refreshPath: '/auth/refreshToken',
  token: () => session.get().token,
  // A session renewed by a newer build of the portal reloads the page to run that build.
  renewed: (s) => {
    if (session.set(s)) window.location.reload();
  },
  ended: () => session.clear(),
  loginPath: pathFor('login'),
  loadingBar: true,
});

export const api = { get: portal.get, post: portal.post, put: portal.put, delete: portal.delete };
export const { upload } = portal;

/** A new session from the refresh cookie, one refresh at a time; null when there is none. */
export const refreshSession = portal.refresh;

/** Ends the customer's session and shows /login. */
export const endSession = portal.endSession;

/** Takes what the server changed on the account (status, CIS companies) into the stored session. */
export async function reloadSessionUser(): Promise<void> {
  const renewed = await refreshSession();
  if (renewed) session.set(renewed);
}
