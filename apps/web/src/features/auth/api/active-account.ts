import { call } from '../../../lib/api.ts';
import { useCallOnce } from '../../../lib/use-action.ts';

export const activeAccount = (token: string) =>
  call('POST /auth/activeAccount/', { body: { token } }, { anonymous: true });

/** Made once: the page confirms on arrival, and a re-render must not confirm again. */
export const useActiveAccount = (token: string) =>
  useCallOnce(`confirm ${token}`, () => activeAccount(token));
