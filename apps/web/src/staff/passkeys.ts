import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { staffCall, staffLogin, staffSession } from './staff-api.ts';

/**
 * Signs in with the password and a passkey the device holds instead of the code (ADR 0059): the API's
 * challenge, the device's signature (after the fingerprint, face or screen lock), and the session it
 * opens. Its own chunk, fetched when asked: the sign-in page carries none of WebAuthn's code.
 * Rejects as the browser (a DOMException) or the API (an ApiError) refused.
 */
export async function signInWithPasskey(credentials: { email: string; password: string }) {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const begun = await staffCall('POST /staff/auth/passkeys/sign-in/options', undefined, { anonymous: true });
  const credential = await startAuthentication({
    optionsJSON: begun.data.options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  const res = await staffLogin({ ...credentials, passkey: { ceremony: begun.data.ceremony, credential } });
  staffSession.start(res.data);
}

/** Makes a passkey on this device for the signed-in staff member, kept by the API. */
export async function addStaffPasskey() {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const begun = await staffCall('POST /staff/auth/passkeys/options');
  const credential = await startRegistration({
    optionsJSON: begun.data.options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return staffCall('POST /staff/auth/passkeys', { body: { ceremony: begun.data.ceremony, credential } });
}
