import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { call } from '../../lib/api.ts';
import { session } from '../../lib/session.ts';

/**
 * Signs in with a passkey the device holds (ADR 0059): the API's challenge, the device's signature
 * (after the customer's fingerprint, face or screen lock), and the session it opens, stored. Its own
 * chunk, fetched when the customer asks: /login carries none of WebAuthn's code. Rejects as the
 * browser (a DOMException) or the API (an ApiError) refused.
 */
export async function signInWithPasskey(): Promise<void> {
  const begun = await call('POST /auth/passkeys/sign-in/options', undefined, { anonymous: true });
  const credential = await startAuthentication({
    optionsJSON: begun.data.options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  const signedIn = await call(
    'POST /auth/passkeys/sign-in',
    { body: { ceremony: begun.data.ceremony, credential } },
    { anonymous: true },
  );
  session.set(signedIn.data);
}
