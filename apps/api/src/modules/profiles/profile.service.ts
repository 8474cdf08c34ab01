import type { ProfileView } from '@selfcare/domain/contracts/profile';
import type { ProfileEditInput } from '@selfcare/domain/schemas/profile';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Database, Db } from '../../db/client.ts';
import { accountRecords } from '../auth/index.ts';
import { profileRecords } from './profile-records.ts';
import { customerProfiles } from './profiles.schema.ts';

/** The customer's newest saved card, as the profile shows it. */
type SavedCard = NonNullable<ProfileView['card']>;

/**
 * Where the profile reads the saved card from: the cards on file, which orders keep and billing
 * reaches (ADR 0045); the profile names no table of theirs.
 */
export interface SavedCards {
  latest(db: Db, userId: string): Promise<SavedCard | undefined>;
}

const NO_CONSENT = { email: false, sms: false, push: false };
type Marketing = ProfileView['marketing'];

/** '•••••567A': an ID number as the profile shows it. */
const masked = (id: string) => `${'•'.repeat(Math.max(0, id.length - 4))}${id.slice(-4)}`;

/**
 * The customer's own profile on /profile/myProfile (ADR 0026): who they are as their order gave it
 * (names, date of birth, ID and pass are the identity staff or MyInfo verified, and are locked), what
 * they may change (salutation, contact number, employer unless MyInfo verified it, and marketing
 * consent per channel for the operator and for third parties), and the saved card.
 */
export class ProfileService {
  constructor(private readonly deps: { database: Database; clock: Clock; cards: SavedCards }) {}

  /**
   * Whether the customer allows App notifications (the profile's consent, marketing.provider.push):
   * nothing is pushed to their browsers without it (ADR 0060). None before a profile exists.
   */
  async pushAllowed(userId: string): Promise<boolean> {
    const p = await profileRecords.find(this.deps.database.db, userId);
    return (p?.marketing as Marketing | undefined)?.provider?.push === true;
  }

  async view(userId: string): Promise<ProfileView> {
    const db = this.deps.database.db;
    const [user, p, card] = await Promise.all([
      accountRecords.contactOf(db, userId),
      profileRecords.find(db, userId),
      this.deps.cards.latest(db, userId),
    ]);
    const marketing = (p?.marketing as Marketing | undefined) ?? {
      provider: NO_CONSENT,
      thirdParty: NO_CONSENT,
    };
    return {
      email: user?.email ?? '',
      salutation: p?.salutation ?? null,
      givenName: p?.givenName ?? user?.firstName ?? '',
      familyName: p?.familyName ?? user?.lastName ?? '',
      fullName: p?.fullName ?? `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim(),
      dateOfBirth: p?.dateOfBirth ?? null,
      contactNumber: p?.contactNumber ?? null,
      idType: p?.idType ?? null,
      idNumberMasked: p ? masked(p.idNumber) : null,
      idIssueDate: p?.idIssueDate ?? null,
      idExpiryDate: p?.idExpiryDate ?? null,
      passType: p?.passType ?? null,
      passStatus: p?.passStatus ?? null,
      passExpiry: p?.passExpiry ?? null,
      employer: p?.employer ?? null,
      marketing,
      verified: p?.myinfoVerified ?? [],
      fromOrder: Boolean(p),
      card: card
        ? {
            holderName: card.holderName,
            brand: card.brand,
            funding: card.funding,
            last4: card.last4,
            expMonth: card.expMonth,
            expYear: card.expYear,
          }
        : null,
    };
  }

  /**
   * Saves what the customer may change. Null when there is no profile yet (before the first order,
   * whose Account Information step makes it). The employer MyInfo verified stays as it was.
   */
  async update(userId: string, input: ProfileEditInput): Promise<ProfileView | null> {
    const db = this.deps.database.db;
    const current = await profileRecords.find(db, userId);
    if (!current) return null;
    const employerLocked = current.myinfoVerified.includes('employer');
    await db
      .update(customerProfiles)
      .set({
        salutation: input.salutation,
        contactNumber: input.contactNumber,
        employer: employerLocked ? current.employer : (input.employer ?? null),
        marketing: input.marketing,
        updatedAt: this.deps.clock.now(),
      })
      .where(eq(customerProfiles.userId, userId));
    return this.view(userId);
  }
}
