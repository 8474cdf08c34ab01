import { formatSgDateTime, pathFor } from '@selfcare/domain';
import type { PasskeyCeremony, Passkey as PasskeyView } from '@selfcare/domain/contracts/passkeys';
import {
  type addPasskeySchema,
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
import { PasskeyCeremonies, passkeyView } from '../../security/passkey-accounts.ts';
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

/**
 * Passkeys (ADR 0059): a customer adds one soon after signing in, and signs in with it from /login
 * instead of a password or a code; each is listed and can be removed on the profile. The relying
 * party is the portal's own address (security/webauthn.ts). Every passkey must verify its user (a
 * fingerprint, a face, a PIN), so a passkey alone is as strong as a password and a second factor.
 */
export class PasskeyService {
  private readonly ceremonies: PasskeyCeremonies;

  constructor(private readonly deps: PasskeyDeps) {
    this.ceremonies = new PasskeyCeremonies({
      store: repo,
      database: deps.database,
      clock: deps.clock,
      publicUrl: deps.config.PUBLIC_URL,
      rpName: deps.brand.name,
      sessionOpenedAt: (id) => deps.sessions.openedAt(id),
    });
  }

  private get db() {
    return this.deps.database.db;
  }

  /** A challenge for any passkey of the portal the device holds: the account is the passkey's. */
  beginSignIn(): Promise<PasskeyCeremony> {
    return this.ceremonies.beginSignIn();
  }

  /**
   * Signs in the account whose passkey signed the ceremony's challenge, from this portal's address,
   * with its user verified. The challenge is spent first, so an answer is checked once; any failure
   * says the same, naming neither the passkey nor the account.
   */
  async signIn(input: z.infer<typeof passkeySignInSchema>, meta: RequestMeta): Promise<IssuedSession> {
    const signed = await this.ceremonies.signedBy(input);
    if (signed === 'expired') throw expired();
    if (!signed) throw failed();
    await this.ceremonies.used(signed);
    return this.deps.sessions.startVerifiedSession(signed.key.ownerId, meta);
  }

  async list(userId: string): Promise<PasskeyView[]> {
    return (await repo.list(this.db, userId)).map(passkeyView);
  }

  /**
   * The options for the device to make a passkey for the signed-in customer, soon after signing in.
   * The account's passkeys are excluded: a device holds one of each.
   */
  beginAdd(user: CurrentUser): Promise<PasskeyCeremony> {
    return this.ceremonies.beginAdd({
      id: user.id,
      name: user.email ?? user.phoneNumber ?? user.id,
      displayName: `${user.firstName} ${user.lastName}`.trim(),
      sessionId: user.sessionId,
    });
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
    const made = await this.ceremonies.made(user.id, user.sessionId, input);
    const now = clock.now();
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
    return passkeyView(added);
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
