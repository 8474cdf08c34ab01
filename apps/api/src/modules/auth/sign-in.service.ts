import {
  chooseLocale,
  formatSgDateTime,
  type Locale,
  Messages,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  OtpMethod,
  toE164,
} from '@selfcare/domain';
import type { Clock } from '../../clock.ts';
import type { Brand, Config } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Queue } from '../../jobs/queue.ts';
import { type FailedSignIns, SignInGuard } from '../../security/sign-in-guard.ts';
import { clientOf, Limits, type Throttle } from '../../security/throttle.ts';
import { burnPasswordCheck, generateOtp, hashOtp, sameHash, verifyPassword } from '../../security/tokens.ts';
import { sendEmailJob, sendSmsJob } from '../notifications/index.ts';
import { sendLoginCodeJob } from './auth.jobs.ts';
import { authRepository as repo, type UserRow } from './auth.repository.ts';
import { type IssuedSession, portalLink, type RequestMeta } from './auth-shared.ts';
import type { SessionService } from './session.service.ts';
import { renderFailedSignInSms, renderOtpSms } from './sign-in-emails.ts';

export interface SignInDeps {
  database: Database;
  queue: Queue;
  clock: Clock;
  config: Config;
  throttle: Throttle;
  brand: Brand;
  /** Opens the session of a customer who signed in. */
  sessions: Pick<SessionService, 'startVerifiedSession'>;
}

const invalidLogin = () => new AppError(401, Messages.invalidLogin);
const otpIncorrect = () =>
  new AppError(401, Messages.otpIncorrect, { fields: { otp: Messages.otpIncorrect } });

/** Customers' sign-in: by password, or by a one-time code sent by SMS or email; failures told to the owner. */
export class SignInService {
  private readonly signIns: SignInGuard;

  constructor(private readonly deps: SignInDeps) {
    this.signIns = new SignInGuard(deps.database, deps.throttle, deps.clock, 'login');
  }

  private get db() {
    return this.deps.database.db;
  }

  /** The language to write to `user` in: theirs, else the operator's default (ADR 0055). */
  private localeOf(user: Pick<UserRow, 'language'>): Locale {
    return chooseLocale({ chosen: user.language, configured: this.deps.config.DEFAULT_LANGUAGE });
  }

  async loginWithPassword(email: string, password: string, meta: RequestMeta): Promise<IssuedSession> {
    let user: UserRow | undefined;
    const signedIn = await this.signIns.attempt(
      email,
      meta.ip,
      async () => {
        // Looked up once the attempt is counted, so a refused attempt costs no query.
        user = await repo.findUserByEmail(this.db, email);
        if (!user?.passwordHash) {
          await burnPasswordCheck(password);
          return null;
        }
        return (await verifyPassword(user.passwordHash, password)) ? user : null;
      },
      (tx, facts) => this.alertFailedSignIns(tx, user, facts),
    );
    if (!signedIn) throw invalidLogin();
    return this.deps.sessions.startVerifiedSession(signedIn.id, meta);
  }

  /**
   * Always answers alike, after the same work, whether or not the number has an account, so numbers
   * cannot be probed: the code is made here and a job issues and sends it, or drops it (ADR 0018).
   */
  async requestOtp(phoneNumber: string, method: OtpMethod, meta: RequestMeta): Promise<string> {
    const message = method === OtpMethod.SMS ? Messages.otpSentSms : Messages.otpSentEmail;
    await this.deps.throttle.reserve([
      [`otp-resend:${phoneNumber}`, Limits.otpResend],
      [`otp-send:${phoneNumber}`, Limits.otpSendPerNumber],
      [`otp-send-ip:${clientOf(meta.ip)}`, Limits.otpSendPerIp],
    ]);
    const code = generateOtp(OTP_LENGTH);
    const now = this.deps.clock.now();
    await this.deps.queue.send(sendLoginCodeJob, {
      phoneNumber,
      method,
      code,
      codeHash: hashOtp(this.deps.config.OTP_SECRET, phoneNumber, code),
      requestedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000).toISOString(),
    });
    return message;
  }

  /**
   * Issues a requested login code and sends it, when the number has an account (with an email
   * address, for email). Only the newest code of a number works. The message carries the code's
   * expiry, so that it is dropped rather than sent once the code is dead.
   */
  async sendLoginCode(request: {
    phoneNumber: string;
    method: number;
    code: string;
    codeHash: string;
    requestedAt: Date;
    expiresAt: Date;
  }): Promise<void> {
    const { phoneNumber, method, code } = request;
    const { database, queue, brand } = this.deps;
    const now = this.deps.clock.now();
    if (request.expiresAt <= now) return;
    const user = await repo.findUserByPhone(this.db, phoneNumber);
    if (!user || (method === OtpMethod.Email && !user.email)) return;
    if (await repo.otpIssued(this.db, phoneNumber, request.codeHash)) return;
    const minutes = OTP_TTL_SECONDS / 60;
    const expiresAt = request.expiresAt.toISOString();
    // The code is only ever sent to a number that has an account: in its holder's language.
    const locale = this.localeOf(user);
    await database.transaction(async (tx) => {
      await repo.voidOtps(tx.db, phoneNumber, now);
      await repo.insertOtp(tx.db, {
        userId: user.id,
        phoneNumber,
        channel: method,
        codeHash: request.codeHash,
        createdAt: request.requestedAt,
        expiresAt: request.expiresAt,
      });
      if (method === OtpMethod.SMS) {
        await queue.send(
          sendSmsJob,
          { to: toE164(phoneNumber), text: renderOtpSms(brand, code, minutes, locale), expiresAt },
          tx,
        );
      } else {
        await queue.send(
          sendEmailJob,
          {
            to: user.email as string,
            content: { template: 'login-otp', name: user.firstName, code, minutes },
            locale,
            expiresAt,
          },
          tx,
        );
      }
    });
  }

  async loginWithOtp(phoneNumber: string, code: string, meta: RequestMeta): Promise<IssuedSession> {
    const userId = await this.signIns.attempt(
      phoneNumber,
      meta.ip,
      () => this.useOtp(phoneNumber, code),
      async (tx, facts) => this.alertFailedSignIns(tx, await repo.findUserByPhone(tx.db, phoneNumber), facts),
    );
    if (!userId) throw otpIncorrect();
    return this.deps.sessions.startVerifiedSession(userId, meta);
  }

  /**
   * The user whose newest code for the number `code` is, or null. Each comparison first takes one of
   * the code's attempts, so however many arrive at once no more than OTP_MAX_ATTEMPTS are compared;
   * the last one voids the code.
   */
  private async useOtp(phoneNumber: string, code: string): Promise<string | null> {
    const now = this.deps.clock.now();
    const otp = await repo.latestOtp(this.db, phoneNumber);
    if (!otp || otp.expiresAt <= now) return null;
    const attempt = await repo.takeOtpAttempt(this.db, otp.id, OTP_MAX_ATTEMPTS);
    if (attempt === null) return null;
    if (!sameHash(otp.codeHash, hashOtp(this.deps.config.OTP_SECRET, phoneNumber, code))) {
      if (attempt >= OTP_MAX_ATTEMPTS) await repo.consumeOtp(this.db, otp.id, now);
      return null;
    }
    return (await repo.consumeOtp(this.db, otp.id, now)) ? otp.userId : null;
  }

  /**
   * Tells a customer that sign-ins to their account keep failing: by email, or by SMS when they have
   * no email address. Nobody is told about an account that does not exist. In the account's language.
   */
  private async alertFailedSignIns(tx: Tx, user: UserRow | undefined, facts: FailedSignIns) {
    const { queue, brand, config } = this.deps;
    if (!user) return;
    const locale = this.localeOf(user);
    const at = formatSgDateTime(facts.at, locale);
    if (user.email) {
      await queue.send(
        sendEmailJob,
        {
          to: user.email,
          content: {
            template: 'failed-sign-in',
            name: user.firstName,
            attempts: facts.attempts,
            minutes: facts.windowMinutes,
            at,
            address: facts.address,
            resetLink: portalLink(config.PUBLIC_URL, '/forgotPassword'),
          },
          locale,
        },
        tx,
      );
    } else if (user.phoneNumber) {
      await queue.send(
        sendSmsJob,
        { to: toE164(user.phoneNumber), text: renderFailedSignInSms(brand, at, facts.address, locale) },
        tx,
      );
    }
  }
}
