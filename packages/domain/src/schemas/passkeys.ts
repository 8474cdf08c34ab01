import * as z from 'zod/mini';

/**
 * Passkeys (ADR 0059): what the browser sends back from an authenticator, checked for shape and size
 * before the API verifies its signatures, and what the profile lists.
 */

/** base64url, as WebAuthn's JSON encodes bytes, of at most `max` characters. */
const base64url = (max: number) =>
  z.string().check(z.minLength(1), z.maxLength(max), z.regex(/^[A-Za-z0-9_-]+$/));

// Its clientExtensionResults are left out: the ceremonies ask for no extension.

/** A credential's id: at most 1023 bytes (WebAuthn's limit), 1364 characters in base64url. */
const credentialId = base64url(1364);
const credential = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
};

/** What `navigator.credentials.create()` answered, as @simplewebauthn/browser writes it. */
export const passkeyAttestationSchema = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16384),
    transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(10))),
  }),
});

/** What `navigator.credentials.get()` answered, as @simplewebauthn/browser writes it. */
export const passkeyAssertionSchema = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    // An ML-DSA signature (post-quantum, which Node 24's WebAuthn offers first) is up to 4,627 bytes.
    signature: base64url(8192),
    userHandle: z.optional(base64url(128)),
  }),
});

/** POST /api/v1/auth/passkeys: the ceremony the server began, and the new passkey. */
export const addPasskeySchema = z.object({ ceremony: z.uuid(), credential: passkeyAttestationSchema });

/** POST /api/v1/auth/passkeys/sign-in: the ceremony the server began, and the passkey's signature. */
export const passkeySignInSchema = z.object({ ceremony: z.uuid(), credential: passkeyAssertionSchema });

/** How long a ceremony's challenge can be answered (the browser's own limit is the same). */
export const PASSKEY_CEREMONY_SECONDS = 300;
/** How recent a sign-in must be to add a passkey to the account. */
export const PASSKEY_RECENT_SIGN_IN_MINUTES = 10;

/** What signing in with a passkey, and the profile's passkey section, tell the customer. */
export const PasskeyMessages = {
  /** A passkey no account has (removed, or another site's), or a signature that fails: one answer. */
  failed: 'This passkey could not log you in. Please log in with your password or a one-time code.',
  /** A ceremony answered after its challenge expired, or answered twice. */
  expired: 'The passkey request expired. Please try again.',
  added: 'Your passkey was added. You can now log in with it.',
  removed: 'The passkey was removed. You can still log in with your password or a one-time code.',
  signInAgain: `For your security, please log out and log in again, then add the passkey within ${PASSKEY_RECENT_SIGN_IN_MINUTES} minutes.`,
  notAdded: 'The passkey could not be added. Please try again.',
  notFound: 'This passkey is not on your account.',
} as const;
