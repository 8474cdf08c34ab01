import type { PasskeyCeremony, Passkey as PasskeyView } from '@selfcare/domain/contracts/passkeys';
import {
  type addPasskeySchema,
  PASSKEY_CEREMONY_SECONDS,
  PASSKEY_RECENT_SIGN_IN_MINUTES,
  PasskeyMessages,
  type passkeySignInSchema,
} from '@selfcare/domain/schemas/passkeys';
import type { z } from 'zod/mini';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { AppError } from '../errors.ts';
import type { PasskeyPurpose, PasskeyRow, PasskeyStore } from './passkey-store.ts';
import { RelyingParty } from './webauthn.ts';

/** A passkey as its owner's list shows it. */
export const passkeyView = (p: PasskeyRow): PasskeyView => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  backedUp: p.backedUp,
});

/** A sign-in ceremony's answer, checked: the passkey that signed it and the counter it gave. */
export interface Signed {
  key: PasskeyRow;
  counter: number;
}

/**
 * The ceremonies of one kind of account's passkeys (ADR 0059), customers' or staff's: a challenge
 * kept for one answer within PASSKEY_CEREMONY_SECONDS, a passkey added only soon after signing in,
 * and a signature checked by the portal as relying party.
 */
export class PasskeyCeremonies {
  private readonly party: RelyingParty;

  constructor(
    private readonly deps: {
      store: PasskeyStore;
      database: Database;
      clock: Clock;
      publicUrl: string;
      rpName: string;
      /** When the session was opened: the moment its owner last proved who they are. */
      sessionOpenedAt: (sessionId: string) => Promise<Date | undefined>;
    },
  ) {
    this.party = new RelyingParty(deps.publicUrl, deps.rpName);
  }

  private get db() {
    return this.deps.database.db;
  }

  /** Keeps the options' challenge for one answer: the ceremony's id and the options for the device. */
  private async begin(
    purpose: PasskeyPurpose,
    ownerId: string | null,
    options: { challenge: string },
  ): Promise<PasskeyCeremony> {
    const now = this.deps.clock.now();
    const ceremony = await this.deps.store.beginCeremony(this.db, {
      purpose,
      ownerId,
      challenge: options.challenge,
      now,
      expiresAt: new Date(now.getTime() + PASSKEY_CEREMONY_SECONDS * 1000),
    });
    return { ceremony, options };
  }

  /** A challenge for any passkey of the portal the device holds. */
  async beginSignIn(): Promise<PasskeyCeremony> {
    return this.begin('sign-in', null, await this.party.authenticationOptions());
  }

  /**
   * The session began within PASSKEY_RECENT_SIGN_IN_MINUTES, or 403: a session left open on a shared
   * computer cannot be given a way back in. Asked to begin adding a passkey and to finish.
   */
  private async signedInLately(sessionId: string): Promise<void> {
    const openedAt = await this.deps.sessionOpenedAt(sessionId);
    const age = openedAt ? this.deps.clock.now().getTime() - openedAt.getTime() : Number.POSITIVE_INFINITY;
    if (age > PASSKEY_RECENT_SIGN_IN_MINUTES * 60_000) throw new AppError(403, PasskeyMessages.signInAgain);
  }

  /** The options for the device to make a passkey for `owner`, soon after they signed in. */
  async beginAdd(owner: { id: string; name: string; displayName: string; sessionId: string }) {
    await this.signedInLately(owner.sessionId);
    const options = await this.party.registrationOptions(
      owner,
      await this.deps.store.list(this.db, owner.id),
    );
    return this.begin('add', owner.id, options);
  }

  /**
   * The passkey the device made for `ownerId`'s ceremony, checked (its user verified, for the portal's
   * address), soon after they signed in: what to keep of it. The challenge is spent first.
   */
  async made(ownerId: string, sessionId: string, input: z.infer<typeof addPasskeySchema>) {
    await this.signedInLately(sessionId);
    const now = this.deps.clock.now();
    const challenge = await this.deps.store.takeChallenge(this.db, input.ceremony, 'add', ownerId, now);
    if (!challenge) throw new AppError(400, PasskeyMessages.expired);
    const made = await this.party.verifyRegistration(input.credential, challenge);
    if (!made) throw new AppError(400, PasskeyMessages.notAdded);
    return made;
  }

  /**
   * Spends a sign-in ceremony and checks its answer: the passkey that signed it, from the portal's
   * address with its user verified; null when none did; 'expired' when the ceremony is not there to
   * answer (expired, answered already, or never begun).
   */
  async signedBy(input: z.infer<typeof passkeySignInSchema>): Promise<Signed | null | 'expired'> {
    const now = this.deps.clock.now();
    const challenge = await this.deps.store.takeChallenge(this.db, input.ceremony, 'sign-in', null, now);
    if (!challenge) return 'expired';
    const key = await this.deps.store.byCredentialId(this.db, input.credential.id);
    if (!key) return null;
    const counter = await this.party.verifyAuthentication(input.credential, challenge, key);
    return counter === null ? null : { key, counter };
  }

  /** A sign-in with the passkey: when, and the signature counter it gave. */
  used(signed: Signed): Promise<void> {
    return this.deps.store.markUsed(this.db, signed.key.id, signed.counter, this.deps.clock.now());
  }
}
