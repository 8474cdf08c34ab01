import { formatSgDateTime, pathFor } from '@selfcare/domain';
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
import type { Brand, Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { deviceName } from '../../device-name.ts';
import { AppError } from '../../errors.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { PasskeyRow } from '../../security/passkey-store.ts';
import { RelyingParty } from '../../security/webauthn.ts';
import { queueNotice } from './account-notices.ts';
import type { CurrentUser } from './auth.repository.ts';
import { type IssuedSession, portalLink, type RequestMeta } from './auth-shared.ts';
import { passkeyRepository as repo } from './passkey.repository.ts';
import type { SessionService } from './session.service.ts';

export interface PasskeyDeps {
  database: Database;
  queue: Queue;
  clock: Clock;
  config: Config;
  brand: Brand;
  sessions: Pick<SessionService, 'startVerifiedSession' | 'openedAt'>;
}

const failed = () => new AppError(401, PasskeyMessages.failed);
const expired = () => new AppError(400, PasskeyMessages.expired);

const view = (p: PasskeyRow): PasskeyView => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  backedUp: p.backedUp,
});

/**
 * Passkeys (ADR 0059): a customer adds one soon after signing in, and signs in with it from /login
 * instead of a password or a code; each is listed and can be removed on the profile. The relying
 * party is the portal's own address (security/webauthn.ts). Every passkey must verify its user (a
 * fingerprint, a face, a PIN), so a passkey alone is as strong as a password and a second factor.
 */
export class PasskeyService {
  private readonly party: RelyingParty;

  constructor(private readonly deps: PasskeyDeps) {
    this.party = new RelyingParty(deps.config.PUBLIC_URL, deps.brand.name);
  }

  private get db() {
    return this.deps.database.db;
  }

  private async begin(
    purpose: 'add' | 'sign-in',
    userId: string | null,
    options: { challenge: string },
  ): Promise<PasskeyCeremony> {
    const now = this.deps.clock.now();
    const ceremony = await repo.beginCeremony(this.db, {
      purpose,
      ownerId: userId,
      challenge: options.challenge,
      now,
      expiresAt: new Date(now.getTime() + PASSKEY_CEREMONY_SECONDS * 1000),
    });
    return { ceremony, options: { ...options } };
  }

  /** A challenge for any passkey of the portal the device holds: the account is the passkey's. */
  async beginSignIn(): Promise<PasskeyCeremony> {
    return this.begin('sign-in', null, await this.party.authenticationOptions());
  }

  /**
   * Signs in the account whose passkey signed the ceremony's challenge, from this portal's address,
   * with its user verified. The challenge is spent first, so an answer is checked once; any failure
   * says the same, naming neither the passkey nor the account.
   */
  async signIn(input: z.infer<typeof passkeySignInSchema>, meta: RequestMeta): Promise<IssuedSession> {
    const now = this.deps.clock.now();
    const challenge = await repo.takeChallenge(this.db, input.ceremony, 'sign-in', null, now);
    if (!challenge) throw expired();
    const key = await repo.byCredentialId(this.db, input.credential.id);
    if (!key) throw failed();
    const counter = await this.party.verifyAuthentication(input.credential, challenge, key);
    if (counter === null) throw failed();
    await repo.markUsed(this.db, key.id, counter, now);
    return this.deps.sessions.startVerifiedSession(key.ownerId, meta);
  }

  async list(userId: string): Promise<PasskeyView[]> {
    return (await repo.list(this.db, userId)).map(view);
  }

  /**
   * The options for the device to make a passkey for the signed-in customer: only within
   * PASSKEY_RECENT_SIGN_IN_MINUTES of signing in, so that a session left open on a shared computer
   * cannot be given a way back in. The account's passkeys are excluded: a device holds one of each.
   */
  async beginAdd(user: CurrentUser): Promise<PasskeyCeremony> {
    await this.signedInLately(user);
    const existing = await repo.list(this.db, user.id);
    const options = await this.party.registrationOptions(
      {
        id: user.id,
        name: user.email ?? user.phoneNumber ?? user.id,
        displayName: `${user.firstName} ${user.lastName}`.trim(),
      },
      existing,
    );
    return this.begin('add', user.id, options);
  }

  /** The session began within PASSKEY_RECENT_SIGN_IN_MINUTES, or 403: asked to begin and to finish. */
  private async signedInLately(user: CurrentUser): Promise<void> {
    const openedAt = await this.deps.sessions.openedAt(user.sessionId);
    const age = openedAt ? this.deps.clock.now().getTime() - openedAt.getTime() : Number.POSITIVE_INFINITY;
    if (age > PASSKEY_RECENT_SIGN_IN_MINUTES * 60_000) throw new AppError(403, PasskeyMessages.signInAgain);
  }

  /**
   * Keeps the passkey the device made for the customer's ceremony, named after the device, and tells
   * the customer by email and SMS (a security alert), as a new way into the account.
   */
  async add(
    user: CurrentUser,
    input: z.infer<typeof addPasskeySchema>,
    userAgent: string | undefined,
  ): Promise<PasskeyView> {
    const { database, clock, config } = this.deps;
    await this.signedInLately(user);
    const now = clock.now();
    const challenge = await repo.takeChallenge(this.db, input.ceremony, 'add', user.id, now);
    if (!challenge) throw expired();
    const made = await this.party.verifyRegistration(input.credential, challenge);
    if (!made) throw new AppError(400, PasskeyMessages.notAdded);
    const name = deviceName(userAgent);
    const added = await database.transaction(async (tx) => {
      const row = await repo.add(tx.db, { ownerId: user.id, ...made, name, createdAt: now });
      if (!row) throw new AppError(409, PasskeyMessages.notAdded);
      await queueNotice(tx, this.noticeDeps(), user.id, `passkey-added:${row.id}`, (locale) => ({
        template: 'security-alert',
        event: 'passkey-added',
        detail: name,
        at: formatSgDateTime(now, locale),
        link: portalLink(config.PUBLIC_URL, pathFor('myProfile')),
      }));
      return row;
    });
    return view(added);
  }

  /** Removes one of the customer's passkeys and tells them; their other ways in stay. */
  async remove(user: CurrentUser, id: string): Promise<void> {
    const { database, clock, config } = this.deps;
    const now = clock.now();
    await database.transaction(async (tx) => {
      const removed = await repo.remove(tx.db, user.id, id);
      if (!removed) throw new AppError(404, PasskeyMessages.notFound);
      await queueNotice(tx, this.noticeDeps(), user.id, `passkey-removed:${removed.id}`, (locale) => ({
        template: 'security-alert',
        event: 'passkey-removed',
        detail: removed.name,
        at: formatSgDateTime(now, locale),
        link: portalLink(config.PUBLIC_URL, pathFor('myProfile')),
      }));
    });
  }

  private noticeDeps() {
    const { queue, brand, config } = this.deps;
    return { queue, brand, defaultLocale: config.DEFAULT_LANGUAGE };
  }
}
