import { chooseLocale, EMAIL_CHANGE_TTL_SECONDS } from '@selfcare/domain';
import { ProfileMessages } from '@selfcare/domain/schemas/profile';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Queue } from '../../jobs/queue.ts';
import { Limits, type Throttle } from '../../security/throttle.ts';
import { randomToken, sha256 } from '../../security/tokens.ts';
import { sendEmailJob } from '../notifications/index.ts';
import { authRepository as repo, type SessionUser } from './auth.repository.ts';
import { portalLink } from './auth-shared.ts';
import type { SessionService } from './session.service.ts';

export interface EmailChangeDeps {
  database: Database;
  queue: Queue;
  clock: Clock;
  config: Config;
  throttle: Throttle;
  sessions: Pick<SessionService, 'forgetUser'>;
  /** The throttled check of the current password (AccountService.checkPassword). */
  checkPassword(userId: string, password: string, field?: string): Promise<void>;
}

/** A 'change_email' link as stored: whose it is and the address it was sent to. */
export interface EmailChangeToken {
  id: string;
  userId: string;
  newEmail: string | null;
}

const HOURS = EMAIL_CHANGE_TTL_SECONDS / 3600;
const taken = () => AppError.field('email', ProfileMessages.emailTaken, 409);

/** PostgreSQL's unique violation, under the query builder's wrapping: the address was taken meanwhile. */
function isUniqueViolation(err: unknown): boolean {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++, e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}

/**
 * A customer's new email address (ADR 0026): asked for with the current password, it becomes the
 * login's address, verified, only when the single-use link sent to it is opened. The old address is
 * told of the request; an address another account uses is refused when asked and again when the
 * link is opened.
 */
export class EmailChange {
  constructor(private readonly deps: EmailChangeDeps) {}

  /** Sends the link to `email` and the notice to the current address; answers the message to show. */
  async request(user: SessionUser, email: string, password: string): Promise<string> {
    const { database, queue, clock, config, throttle } = this.deps;
    if (email === user.email?.toLowerCase()) throw AppError.field('email', ProfileMessages.sameEmail);
    // The password first: whether an address has an account is told only to whoever knows it, and
    // at most `passwordChecksPerAccount` times a quarter of an hour (a right password does not count
    // as a guess, so the addresses asked about are counted on their own).
    await this.deps.checkPassword(user.id, password);
    await throttle.reserve([[`email-lookup:${user.id}`, Limits.passwordChecksPerAccount]]);
    if (await repo.emailTakenByOther(database.db, email, user.id)) throw taken();
    const now = clock.now();
    const token = randomToken();
    // Both emails in the customer's language (ADR 0055).
    const locale = chooseLocale({ chosen: user.language, configured: config.DEFAULT_LANGUAGE });
    await database.transaction(async (tx) => {
      const key = `email-change:${user.id}`;
      await throttle.reserve(
        [
          [key, Limits.confirmResend],
          [`${key}:hour`, Limits.confirmPerHour],
        ],
        tx,
      );
      // Only the newest request's link works.
      await repo.voidActionTokens(tx.db, user.id, 'change_email', now);
      await repo.insertActionToken(tx.db, {
        userId: user.id,
        purpose: 'change_email',
        newEmail: email,
        tokenHash: sha256(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_SECONDS * 1000),
      });
      await queue.send(
        sendEmailJob,
        {
          to: email,
          content: {
            template: 'change-email',
            name: user.firstName,
            link: portalLink(config.PUBLIC_URL, `/confirmEmail/${token}`),
            hours: HOURS,
          },
          locale,
        },
        tx,
      );
      if (user.email)
        await queue.send(
          sendEmailJob,
          {
            to: user.email,
            content: {
              template: 'email-change-requested',
              name: user.firstName,
              newEmail: email,
              hours: HOURS,
              resetLink: portalLink(config.PUBLIC_URL, '/forgotPassword'),
            },
            locale,
          },
          tx,
        );
    });
    return ProfileMessages.emailChangeSent(email);
  }

  /**
   * The link was opened (it is unused and unexpired): the address becomes the login's, verified, and
   * every link still out for the account (sent to the old address, or an older change) is voided.
   * An address someone registered meanwhile is refused and the link is spent.
   */
  async confirm(row: EmailChangeToken, invalidLink: () => AppError): Promise<string> {
    const { database, clock, sessions } = this.deps;
    const email = row.newEmail;
    if (!email) throw invalidLink();
    const now = clock.now();
    let changed: boolean;
    try {
      changed = await database.transaction(async (tx) => {
        if (!(await repo.useActionToken(tx.db, row.id, now))) throw invalidLink();
        if (await repo.emailTakenByOther(tx.db, email, row.userId)) return false;
        await repo.updateUser(tx.db, row.userId, { email, emailVerifiedAt: now, updatedAt: now });
        await repo.voidAllActionTokens(tx.db, row.userId, now);
        return true;
      });
    } catch (err) {
      // Registered between the check and the update: the unique index refused it, all rolled back.
      if (!isUniqueViolation(err)) throw err;
      await repo.useActionToken(database.db, row.id, now);
      changed = false;
    }
    if (!changed) throw taken();
    sessions.forgetUser(row.userId);
    return ProfileMessages.emailChanged(email);
  }
}
