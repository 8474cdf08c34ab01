import { z } from 'zod/mini';

/**
 * A passkey ceremony begun by the server (ADR 0059): its id, which the answer names, and the options
 * the browser hands to `navigator.credentials` (WebAuthn's JSON: @simplewebauthn's
 * PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON).
 */
export const passkeyCeremonySchema = z.object({
  ceremony: z.string(),
  options: z.record(z.string(), z.unknown()),
});
export type PasskeyCeremony = z.infer<typeof passkeyCeremonySchema>;

/** One of the customer's passkeys, as the profile lists it. */
export const passkeySchema = z.object({
  id: z.string(),
  /** The device and browser it was added on ('Chrome (Android)'). */
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  /** Kept by the customer's password manager, on their other devices too. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
