import type { PasskeyCeremony, Passkey as PasskeyView } from '@selfcare/domain/contracts/passkeys';
import {
  type addPasskeySchema,
  PasskeyMessages,
  type passkeySignInSchema,
} from '@selfcare/domain/schemas/passkeys';
import type { z } from 'zod/mini';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { deviceName } from '../../device-name.ts';
import { AppError } from '../../errors.ts';
import type { CurrentStaff } from '../../plugins/staff-auth.ts';
import { PasskeyCeremonies, passkeyView, type Signed } from '../../security/passkey-accounts.ts';
import { PasskeyStore } from '../../security/passkey-store.ts';
import { staffPasskeyChallenges, staffPasskeys } from './staff.schema.ts';
import { staffAuthRepository } from './staff-auth.repository.ts';

const store = new PasskeyStore({ passkeys: staffPasskeys, challenges: staffPasskeyChallenges });

/**
 * Staff's passkeys (ADR 0059): a second factor beside the TOTP code, never a way in alone. A staff
 * member adds one soon after signing in, and signs in with their password and it instead of the code.
 * The relying party is the portal's address, as for customers; the tables are staff's own, so a
 * customer's passkey never answers for a staff member, nor one staff member's for another. Adding and
 * removing one are in the audit log.
 */
export class StaffPasskeys {
  private readonly ceremonies: PasskeyCeremonies;

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
    this.ceremonies = new PasskeyCeremonies({
      store,
      database: deps.database,
      clock: deps.clock,
      publicUrl: deps.publicUrl,
      rpName: `${deps.brandName} staff console`,
      sessionOpenedAt: deps.sessionOpenedAt,
    });
  }

  private get db() {
    return this.deps.database.db;
  }

  /** A challenge for any passkey the device holds: which staff member's is known by the password. */
  beginSignIn(): Promise<PasskeyCeremony> {
    return this.ceremonies.beginSignIn();
  }

  /**
   * Spends the sign-in ceremony and checks its signature: the passkey that signed it, or null. Asked
   * before the password is checked, whatever comes of it, so that a ceremony is answered once and a
   * right password costs no more work than a wrong one (neither says which it was).
   */
  async signedBy(input: z.infer<typeof passkeySignInSchema>): Promise<Signed | null> {
    const signed = await this.ceremonies.signedBy(input);
    return signed === 'expired' ? null : signed;
  }

  /** A sign-in with the passkey, once the password was right and the passkey the staff member's. */
  used(signed: Signed): Promise<void> {
    return this.ceremonies.used(signed);
  }

  async list(staffId: string): Promise<PasskeyView[]> {
    return (await store.list(this.db, staffId)).map(passkeyView);
  }

  /** The options for the device to make a passkey for the signed-in staff member, soon after signing in. */
  beginAdd(staff: CurrentStaff): Promise<PasskeyCeremony> {
    return this.ceremonies.beginAdd({
      id: staff.id,
      name: staff.email,
      displayName: staff.name,
      sessionId: staff.sessionId,
    });
  }

  /** Keeps the passkey the device made for the staff member's ceremony, named after the device. */
  async add(
    staff: CurrentStaff,
    input: z.infer<typeof addPasskeySchema>,
    userAgent: string | undefined,
  ): Promise<PasskeyView> {
    const made = await this.ceremonies.made(staff.id, staff.sessionId, input);
    const now = this.deps.clock.now();
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
      return passkeyView(row);
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
