import {
  CustomerStatus,
  chooseLocale,
  EMAIL_CONFIRM_TTL_SECONDS,
  type Locale,
  Messages,
  PASSWORD_RESET_TTL_SECONDS,
  type RegisterInput,
  toE164,
} from '@selfcare/domain';
import { ProfileMessages } from '@selfcare/domain/schemas/profile';
import type { Clock } from '../../clock.ts';
import type { Brand, Config } from '../../config.ts';
import type { Database, Db, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Queue } from '../../jobs/queue.ts';
import { clientOf, Limits, type Throttle } from '../../security/throttle.ts';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../security/tokens.ts';
import { accountPushDevices, sendEmailJob, sendSmsJob } from '../notifications/index.ts';
import { registrationNoticeJob, sendConfirmationJob, sendResetJob } from './auth.jobs.ts';
import {
  type ActionPurpose,
  authRepository as repo,
  type SessionUser,
  type UserRow,
} from './auth.repository.ts';
import { portalLink, type RequestMeta } from './auth-shared.ts';
import { EmailChange } from './email-change.ts';
import { passkeyRepository } from './passkey.repository.ts';
import type { SessionService } from './session.service.ts';
import { renderRegistrationAttemptSms } from './sign-in-emails.ts';

export type RegisterData = Omit<RegisterInput, 'phoneNumber'> & { email: string; phoneNumber: string };

export interface AccountDeps {
  database: Database;
  queue: Queue;
  clock: Clock;
  config: Config;
  throttle: Throttle;
  brand: Brand;
  /** Told when a change to a customer's record must be seen by their next request. */
  sessions: Pick<SessionService, 'forgetUser' | 'endAll'>;
}

const invalidLink = () => new AppError(400, Messages.invalidLink);
/** Only whoever holds a real link can reach this: a guessed token is unknown (ADR 0035). */
const linkExpired = () => new AppError(400, Messages.linkExpired);

/**
 * Customers' accounts: registration and its confirmation, the forgotten password, a new email address,
 * and the changes other modules make (an order, an activation, a line's number, a CIS company).
 */
export class AccountService {
  private readonly emailChange: EmailChange;

  constructor(private readonly deps: AccountDeps) {
    this.emailChange = new EmailChange({
      ...deps,
      checkPassword: (userId, password, field) => this.checkPassword(userId, password, field),
    });
  }

  private get db() {
    return this.deps.database.db;
  }

  /**
   * The account a message sent to the address `email`, or for the account `userId`, belongs in the
   * inbox of (ADR 0058): null when no open account has it.
   */
  recipientOf(by: { email: string } | { userId: string }): Promise<string | null> {
    return repo.openAccountOf(this.db, by);
  }

  private link(path: string): string {
    return portalLink(this.deps.config.PUBLIC_URL, path);
  }

  /**
   * The language to write to `user` in (ADR 0055): theirs, else the operator's default, as for a new
   * account, whose holder has chosen none yet.
   */
  private localeOf(user: Pick<UserRow, 'language'>): Locale {
    return chooseLocale({ chosen: user.language, configured: this.deps.config.DEFAULT_LANGUAGE });
  }

  /**
   * Creates the account, in the language of the page it was made on when it names one of ours, and
   * emails its confirmation link. An email or number that already has an
   * account gets the same answer after the same work (the password is hashed, one row tried and one
   * job enqueued either way), and its owner is told instead (ADR 0018); two registrations racing for
   * one end the same way.
   */
  async register(input: RegisterData, language?: Locale): Promise<void> {
    const passwordHash = await hashPassword(input.password);
    const now = this.deps.clock.now();
    await this.deps.database.transaction(async (tx) => {
      const user = await repo.insertNewUser(tx.db, {
        email: input.email,
        phoneNumber: input.phoneNumber,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        // The language of the page they registered on: their link, and what follows, is written in it.
        language: language ?? null,
        createdAt: now,
        updatedAt: now,
      });
      if (user)
        await this.deps.queue.send(sendConfirmationJob, { userId: user.id, token: randomToken() }, tx);
      else
        await this.deps.queue.send(
          registrationNoticeJob,
          { email: input.email, phoneNumber: input.phoneNumber },
          tx,
        );
    });
  }

  /**
   * Tells the owner of an email or number that someone registered with it: by email when the email
   * has the account, else by SMS to the number (never to the new address, which would tell whoever
   * typed the number that it is taken). At most one a while per address or number (ADR 0018).
   */
  async sendRegistrationNotice(email: string, phoneNumber: string): Promise<void> {
    const { database, throttle, queue, brand } = this.deps;
    const byEmail = await repo.findUserByEmail(this.db, email);
    const byPhone = byEmail ? undefined : await repo.findUserByPhone(this.db, phoneNumber);
    if (!byEmail && !byPhone) return;
    await database.transaction(async (tx) => {
      if (byEmail?.email) {
        const taken = await throttle.tryReserve(
          [[`registration-notice:${byEmail.email}`, Limits.registrationNoticeEmail]],
          tx,
        );
        if ('refused' in taken) return;
        await queue.send(
          sendEmailJob,
          {
            to: byEmail.email,
            content: {
              template: 'registration-attempt',
              name: byEmail.firstName,
              loginLink: this.link('/login'),
              resetLink: this.link('/forgotPassword'),
            },
            locale: this.localeOf(byEmail),
          },
          tx,
        );
      } else if (byPhone?.phoneNumber) {
        const taken = await throttle.tryReserve(
          [[`registration-notice-sms:${byPhone.phoneNumber}`, Limits.registrationNoticeSms]],
          tx,
        );
        if ('refused' in taken) return;
        await queue.send(
          sendSmsJob,
          {
            to: toE164(byPhone.phoneNumber),
            text: renderRegistrationAttemptSms(brand, this.localeOf(byPhone)),
          },
          tx,
        );
      }
    });
  }

  /** Voids the user's other links of the purpose and stores `token`'s, valid from now. */
  private async issueActionToken(
    tx: Tx,
    userId: string,
    purpose: ActionPurpose,
    ttlSeconds: number,
    token = randomToken(),
  ): Promise<string> {
    const now = this.deps.clock.now();
    await repo.voidActionTokens(tx.db, userId, purpose, now);
    await repo.insertActionToken(tx.db, {
      userId,
      purpose,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    });
    return token;
  }

  private async sendConfirmation(
    tx: Tx,
    user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'language'>,
    token?: string,
  ) {
    if (!user.email) return;
    token = await this.issueActionToken(tx, user.id, 'confirm_email', EMAIL_CONFIRM_TTL_SECONDS, token);
    await this.deps.queue.send(
      sendEmailJob,
      {
        to: user.email,
        content: {
          template: 'confirm-email',
          name: user.firstName,
          link: this.link(`/confirmEmail/${token}`),
        },
        locale: this.localeOf(user),
      },
      tx,
    );
  }

  /**
   * The new account's first link (sendConfirmationJob): stored and emailed once, however often the
   * job runs, and not at all once the address is confirmed.
   */
  async sendNewConfirmation(userId: string, token: string): Promise<void> {
    await this.deps.database.transaction(async (tx) => {
      const user = await repo.findSessionUser(tx.db, userId);
      if (!user || user.emailVerifiedAt) return;
      if (await repo.findActionToken(tx.db, sha256(token), 'confirm_email')) return;
      await this.sendConfirmation(tx, user, token);
    });
  }

  async resendConfirmation(user: SessionUser): Promise<void> {
    if (user.emailVerifiedAt || !user.email) throw new AppError(409, Messages.emailAlreadyConfirmed);
    const key = `confirm-resend:${user.id}`;
    await this.deps.throttle.reserve([
      [key, Limits.confirmResend],
      [`${key}:hour`, Limits.confirmPerHour],
    ]);
    await this.deps.database.transaction((tx) => this.sendConfirmation(tx, user));
  }

  /**
   * Single use and expiring. An unknown, malformed, used or voided link is the spec's invalid link,
   * one text for all; a link we issued, still unused, past its time says it has expired: only the
   * holder of a real link (a 256-bit secret sent to their inbox) ever reads that (ADR 0035).
   */
  private async useLinkToken(token: string, purpose: ActionPurpose | ActionPurpose[]) {
    const row = await repo.findActionToken(this.db, sha256(token), purpose);
    const now = this.deps.clock.now();
    if (!row || row.usedAt) throw invalidLink();
    if (row.expiresAt <= now) throw linkExpired();
    return row;
  }

  /**
   * A link of /confirmEmail/{token}: a new account's address, or a new address the customer asked
   * for on their profile (ADR 0026). Answers what to tell the customer.
   */
  async confirmEmail(token: string): Promise<string> {
    const { database, clock, sessions } = this.deps;
    const row = await this.useLinkToken(token, ['confirm_email', 'change_email']);
    if (row.purpose === 'change_email') return this.emailChange.confirm(row, invalidLink);
    await database.transaction(async (tx) => {
      if (!(await repo.useActionToken(tx.db, row.id, clock.now()))) throw invalidLink();
      await repo.updateUser(tx.db, row.userId, {
        emailVerifiedAt: clock.now(),
        updatedAt: clock.now(),
      });
    });
    sessions.forgetUser(row.userId);
    return Messages.emailConfirmed;
  }

  /**
   * Asks to make `email` the signed-in customer's login, after their current password: the link goes
   * to `email`, a notice to the current address. Answers the message to show.
   */
  requestEmailChange(user: SessionUser, email: string, password: string): Promise<string> {
    return this.emailChange.request(user, email, password);
  }

  /** Answers alike, after the same work, for any address: a job sends the link, if there is an account. */
  async forgotPassword(email: string, meta: RequestMeta): Promise<void> {
    await this.deps.throttle.reserve([
      [`forgot:${email}`, Limits.forgotPerEmail],
      [`forgot-ip:${clientOf(meta.ip)}`, Limits.forgotPerIp],
    ]);
    await this.deps.queue.send(sendResetJob, { email, token: randomToken() });
  }

  /**
   * Issues the reset link a request made and emails it, when the address has an account. The link
   * lives from now, when it is sent; only the newest works. A job run again finds it issued.
   */
  async sendReset(email: string, token: string): Promise<void> {
    const user = await repo.findUserByEmail(this.db, email);
    if (!user?.email) return;
    if (await repo.findActionToken(this.db, sha256(token), 'reset_password')) return;
    await this.deps.database.transaction(async (tx) => {
      await this.issueActionToken(tx, user.id, 'reset_password', PASSWORD_RESET_TTL_SECONDS, token);
      await this.deps.queue.send(
        sendEmailJob,
        {
          to: user.email as string,
          content: {
            template: 'reset-password',
            name: user.firstName,
            link: this.link(`/resetPassword/${token}`),
            minutes: PASSWORD_RESET_TTL_SECONDS / 60,
          },
          locale: this.localeOf(user),
        },
        tx,
      );
    });
  }

  async checkResetToken(token: string): Promise<void> {
    await this.useLinkToken(token, 'reset_password');
  }

  /**
   * A new password ends every session: whoever knew the old one is logged out, and loses a new email
   * address they asked for, any passkey they added (ADR 0059) and the browsers they had notifications
   * pushed to (ADR 0060): the reset is how a customer takes back an account someone else got into.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    const row = await this.useLinkToken(token, 'reset_password');
    const passwordHash = await hashPassword(password);
    const now = this.deps.clock.now();
    await this.deps.database.transaction(async (tx) => {
      if (!(await repo.useActionToken(tx.db, row.id, now))) throw invalidLink();
      const user = await repo.findSessionUser(tx.db, row.userId);
      // Following a link sent to the address proves the address, as a confirmation link would.
      await repo.updateUser(tx.db, row.userId, {
        passwordHash,
        updatedAt: now,
        ...(user?.emailVerifiedAt ? {} : { emailVerifiedAt: now }),
      });
      // Whoever asked for a new email address with the old password loses that request too.
      await repo.voidActionTokens(tx.db, row.userId, 'change_email', now);
      await passkeyRepository.removeAll(tx.db, row.userId);
      await accountPushDevices.forgetAll(tx.db, row.userId);
      await this.deps.sessions.endAll(tx, row.userId, now, 'password reset');
    });
    this.deps.sessions.forgetUser(row.userId);
  }

  /**
   * Checks the signed-in customer's current password (a password change, a termination): at most
   * `passwordChecksPerAccount` wrong ones a quarter of an hour, 'Password incorrect. Please
   * Re-enter.' said at the form's `field`. The right password gives its try back, as a sign-in does:
   * a customer who knows it is never locked out by using it.
   */
  async checkPassword(userId: string, password: string, field = 'currentPassword'): Promise<void> {
    const reservation = await this.deps.throttle.reserve([
      [`password-check:${userId}`, Limits.passwordChecksPerAccount],
    ]);
    const hash = await repo.passwordHashOf(this.db, userId);
    if (!hash || !(await verifyPassword(hash, password)))
      throw new AppError(422, ProfileMessages.passwordIncorrect, {
        fields: { [field]: ProfileMessages.passwordIncorrect },
      });
    await this.deps.throttle.release(reservation);
  }

  /**
   * A new password for the signed-in customer, after the current one: every other session ends
   * (whoever knew the old password is logged out), the one asking stays, and a new email address
   * asked for and not yet confirmed is cancelled.
   */
  async changePassword(
    user: { id: string; sessionId: string },
    current: string,
    password: string,
  ): Promise<void> {
    await this.checkPassword(user.id, current);
    const passwordHash = await hashPassword(password);
    const now = this.deps.clock.now();
    await this.deps.database.transaction(async (tx) => {
      await repo.updateUser(tx.db, user.id, { passwordHash, updatedAt: now });
      await repo.voidActionTokens(tx.db, user.id, 'change_email', now);
      await this.deps.sessions.endAll(tx, user.id, now, 'password changed', user.sessionId);
    });
    this.deps.sessions.forgetUser(user.id);
  }

  /**
   * The language the customer chose (ADR 0055): the portal speaks it, and what is sent to them from
   * now on is written in it. Their sessions read it afresh.
   */
  async setLanguage(userId: string, language: Locale): Promise<void> {
    await repo.updateUser(this.deps.database.db, userId, { language, updatedAt: this.deps.clock.now() });
    this.deps.sessions.forgetUser(userId);
  }

  /**
   * An 'Us' line's login ends with its line (ADR 0027): its sessions end, its passkeys and push
   * browsers go and its number is freed, so nobody signs in with it and the number can be someone else's login later. In
   * the caller's tx.
   */
  async closeSubLineLogin(tx: Tx, userId: string, now: Date): Promise<void> {
    await repo.updateUser(tx.db, userId, { phoneNumber: null, activated: false, updatedAt: now });
    await passkeyRepository.removeAll(tx.db, userId);
    await accountPushDevices.forgetAll(tx.db, userId);
    await this.deps.sessions.endAll(tx, userId, now, 'line terminated');
    tx.afterCommit(() => this.deps.sessions.forgetUser(userId));
  }

  /** Whether a login signs in with this mobile number. */
  phoneNumberHasLogin = async (db: Db, msisdn: string) => Boolean(await repo.findUserByPhone(db, msisdn));

  /** A line's number changed (ADR 0028): its login moves to the new one; codes to the old one die. */
  async moveLoginNumber(tx: Tx, from: string, to: string, now: Date) {
    const moved = await repo.movePhoneNumber(tx.db, from, to, now);
    await repo.voidOtps(tx.db, from, now);
    tx.afterCommit(() => {
      for (const id of moved) this.deps.sessions.forgetUser(id);
    });
  }

  /** A customer's status (and so their pages), in the caller's tx; their next request sees it. */
  async setCustomerStatus(tx: Tx, userId: string, status: number, now: Date) {
    const contact = await repo.setStatus(tx.db, userId, status, now);
    tx.afterCommit(() => this.deps.sessions.forgetUser(userId));
    return contact;
  }

  /** The customer's main line is active: status 2 and activated, seen by their next request. */
  async activateCustomer(tx: Tx, userId: string, now: Date) {
    await repo.updateUser(tx.db, userId, { status: CustomerStatus.Active, activated: true, updatedAt: now });
    tx.afterCommit(() => this.deps.sessions.forgetUser(userId));
  }

  /**
   * The login of an 'Us' line: its own mobile number, signing in by OTP, seeing only the dashboard
   * (a sub line of `mainUserId`). None is made when the number already has a login; null then.
   */
  async createSubLineUser(
    tx: Tx,
    main: { id: string; firstName: string; lastName: string },
    msisdn: string,
    now: Date,
  ): Promise<string | null> {
    const id = await repo.insertSubLineUser(tx.db, {
      phoneNumber: msisdn,
      firstName: main.firstName,
      lastName: main.lastName,
      status: CustomerStatus.Active,
      activated: true,
      emailVerifiedAt: now,
      isMainLine: false,
      mainUserId: main.id,
      createdAt: now,
      updatedAt: now,
    });
    return id ?? null;
  }

  /** Makes the customer eligible for a CIS company's plans; like a status change, seen at once. */
  async grantCis(tx: Tx, userId: string, companyCode: string, now: Date) {
    await repo.addCisType(tx.db, userId, companyCode, now);
    tx.afterCommit(() => this.deps.sessions.forgetUser(userId));
  }
}
