import type { PasskeyCeremony, Passkey as PasskeyView } from '@selfcare/domain/contracts/passkeys';
import {
  type addPasskeySchema,
  PASSKEY_CEREMONY_SECONDS,
  PASSKEY_RECENT_SIGN_IN_MINUTES,
  PasskeyMessages,
  type passkeySignInSchema,
} from '@selfcare/domain/schemas/passkeys';
import type { z } from 'zod/mini';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { deviceName } from '../../device-name.ts';
import { AppError } from '../../errors.ts';
import type { CurrentStaff } from '../../plugins/staff-auth.ts';
import { type PasskeyPurpose, type PasskeyRow, PasskeyStore } from '../../security/passkey-store.ts';
import { RelyingParty } from '../../security/webauthn.ts';
import { staffPasskeyChallenges, staffPasskeys } from './staff.schema.ts';
import { staffAuthRepository } from './staff-auth.repository.ts';

const store = new PasskeyStore({ passkeys: staffPasskeys, challenges: staffPasskeyChallenges });

const view = (p: PasskeyRow): PasskeyView => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  backedUp: p.backedUp,
});

/**
 * Staff's passkeys (ADR 0059): a second factor beside the TOTP code, never a way in alone. A staff
 * member adds one soon after signing in, and signs in with their password and it instead of the code.
 * The relying party is the portal's address, as for customers; the tables are staff's own, so a
 * customer's passkey never answers for a staff member, nor one staff member's for another. Adding and
 * removing one are in the audit log.
 */
export class StaffPasskeys {
  private readonly party: RelyingParty;

  constructor(
    private readonly deps: {
      database: Database;
      clock: Clock;
      publicUrl: string;
      brandName: string;
      /** When the staff session was opened: a passkey is added only soon after. */
      sessionOpenedAt: (sessionId: string) => Promise<Date | undefined>;
    },
  ) {
    this.party = new RelyingParty(deps.publicUrl, `${deps.brandName} staff console`);
  }

  private get db() {
    return this.deps.database.db;
  }

  private async begin(purpose: PasskeyPurpose, staffId: string | null, options: { challenge: string }) {
    const now = this.deps.clock.now();
    const ceremony = await store.beginCeremony(this.db, {
      purpose,
      ownerId: staffId,
      challenge: options.challenge,
      now,
      expiresAt: new Date(now.getTime() + PASSKEY_CEREMONY_SECONDS * 1000),
    });
    return { ceremony, options: { ...options } } satisfies PasskeyCeremony;
  }

  /** A challenge for any passkey the device holds: which staff member's is known by the password. */
  async beginSignIn(): Promise<PasskeyCeremony> {
    return this.begin('sign-in', null, await this.party.authenticationOptions());
  }

  /**
   * Whether `staffId`'s own passkey signed the ceremony's challenge, from the portal's address, with
   * its user verified. The challenge is spent first, so an answer is checked once.
   */
  async verify(staffId: string, input: z.infer<typeof passkeySignInSchema>): Promise<boolean> {
    const now = this.deps.clock.now();
    const challenge = await store.takeChallenge(this.db, input.ceremony, 'sign-in', null, now);
    if (!challenge) return false;
    const key = await store.byCredentialId(this.db, input.credential.id);
    if (!key || key.ownerId !== staffId) return false;
    const counter = await this.party.verifyAuthentication(input.credential, challenge, key);
    if (counter === null) return false;
    await store.markUsed(this.db, key.id, counter, now);
    return true;
  }

  async list(staffId: string): Promise<PasskeyView[]> {
    return (await store.list(this.db, staffId)).map(view);
  }

  /** The options for the device to make a passkey for the signed-in staff member, soon after signing in. */
  async beginAdd(staff: CurrentStaff): Promise<PasskeyCeremony> {
    await this.signedInLately(staff);
    const options = await this.party.registrationOptions(
      { id: staff.id, name: staff.email, displayName: staff.name },
      await store.list(this.db, staff.id),
    );
    return this.begin('add', staff.id, options);
  }

  /** The session began within PASSKEY_RECENT_SIGN_IN_MINUTES, or 403: asked to begin and to finish. */
  private async signedInLately(staff: CurrentStaff): Promise<void> {
    const openedAt = await this.deps.sessionOpenedAt(staff.sessionId);
    const age = openedAt ? this.deps.clock.now().getTime() - openedAt.getTime() : Number.POSITIVE_INFINITY;
    if (age > PASSKEY_RECENT_SIGN_IN_MINUTES * 60_000) throw new AppError(403, PasskeyMessages.signInAgain);
  }

  /** Keeps the passkey the device made for the staff member's ceremony, named after the device. */
  async add(
    staff: CurrentStaff,
    input: z.infer<typeof addPasskeySchema>,
    userAgent: string | undefined,
  ): Promise<PasskeyView> {
    await this.signedInLately(staff);
    const now = this.deps.clock.now();
    const challenge = await store.takeChallenge(this.db, input.ceremony, 'add', staff.id, now);
    if (!challenge) throw new AppError(400, PasskeyMessages.expired);
    const made = await this.party.verifyRegistration(input.credential, challenge);
    if (!made) throw new AppError(400, PasskeyMessages.notAdded);
    const name = deviceName(userAgent);
    return this.deps.database.transaction(async (tx) => {
      const row = await store.add(tx.db, { ownerId: staff.id, ...made, name, createdAt: now });
      if (!row) throw new AppError(409, PasskeyMessages.notAdded);
      await staffAuthRepository.audit(tx.db, {
        at: now,
        staffId: staff.id,
        action: 'passkey-added',
        subject: name,
        detail: { passkeyId: row.id },
      });
      return view(row);
    });
  }

  /** Removes one of the staff member's passkeys; the code still signs them in. */
  async remove(staff: CurrentStaff, id: string): Promise<void> {
    const now = this.deps.clock.now();
    await this.deps.database.transaction(async (tx) => {
      const removed = await store.remove(tx.db, staff.id, id);
      if (!removed) throw new AppError(404, PasskeyMessages.notFound);
      await staffAuthRepository.audit(tx.db, {
        at: now,
        staffId: staff.id,
        action: 'passkey-removed',
        subject: removed.name,
        detail: { passkeyId: removed.id },
      });
    });
  }
}
