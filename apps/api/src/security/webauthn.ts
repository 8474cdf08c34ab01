import { PASSKEY_CEREMONY_SECONDS } from '@selfcare/domain/schemas/passkeys';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { PasskeyRow } from './passkey-store.ts';

/** The WebAuthn user handle of an account: its id's 16 bytes, which name nobody (ADR 0059). */
const userHandleOf = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');

/**
 * The portal as a WebAuthn relying party (ADR 0059): its own address (PUBLIC_URL), whose host is the
 * RP ID and whose origin is the only one a signature is taken from. Every passkey must verify its
 * user (a fingerprint, a face, a PIN) and be discoverable; attestation is not asked for.
 */
export class RelyingParty {
  readonly rpId: string;
  readonly origin: string;

  constructor(
    publicUrl: string,
    private readonly name: string,
  ) {
    const url = new URL(publicUrl);
    this.rpId = url.hostname;
    this.origin = url.origin;
  }

  /** The options for the device to make a passkey for `owner`; a device holds one of `existing`'s. */
  registrationOptions(
    owner: { id: string; name: string; displayName: string },
    existing: Pick<PasskeyRow, 'credentialId' | 'transports'>[],
  ) {
    return generateRegistrationOptions({
      rpName: this.name,
      rpID: this.rpId,
      userName: owner.name,
      userDisplayName: owner.displayName,
      userID: userHandleOf(owner.id),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: PASSKEY_CEREMONY_SECONDS * 1000,
    });
  }

  /** The new passkey, when the device's answer to `challenge` is good; null when not. */
  async verifyRegistration(response: unknown, challenge: string) {
    const verification = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpId,
      requireUserVerification: true,
    }).catch(() => null);
    if (!verification?.verified) return null;
    const { credential, credentialBackedUp } = verification.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      backedUp: credentialBackedUp,
    };
  }

  /** A challenge for any passkey of the portal the device holds, its user verified. */
  authenticationOptions() {
    return generateAuthenticationOptions({
      rpID: this.rpId,
      userVerification: 'required',
      timeout: PASSKEY_CEREMONY_SECONDS * 1000,
    });
  }

  /**
   * Whether `key` signed `challenge` from this portal's origin with its user verified, and was made
   * for `key`'s owner: its new signature counter, or null.
   */
  async verifyAuthentication(
    response: { response: { userHandle?: string | undefined } },
    challenge: string,
    key: PasskeyRow,
  ): Promise<number | null> {
    const handle = response.response.userHandle;
    if (handle && handle !== userHandleOf(key.ownerId).toString('base64url')) return null;
    const verification = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpId,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(key.publicKey),
        counter: key.counter,
        transports: key.transports,
      },
      requireUserVerification: true,
    }).catch(() => null);
    return verification?.verified ? verification.authenticationInfo.newCounter : null;
  }
}
