import {
  ACCESS_TOKEN_TTL_SECONDS,
  type AuthUser,
  CustomerStatus,
  EMAIL_CONFIRM_TTL_SECONDS,
  formatSgDateTime,
  Messages,
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  OtpMethod,
  PASSWORD_RESET_TTL_SECONDS,
  type RegisterInput,
  SESSION_ABSOLUTE_TTL_SECONDS,
  toE164,
} from '@selfcare/domain';
import type { Clock } from '../../clock.ts';
import type { Brand, Config } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import { type sessions, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Queue } from '../../jobs/queue.ts';
import {
  type RefreshStore,
  replaceInTransaction,
  rotateRefreshToken,
} from '../../security/refresh-rotation.ts';
import { type FailedSignIns, SignInGuard } from '../../security/sign-in-guard.ts';
import { clientOf, Limits, type Throttle } from '../../security/throttle.ts';
import {
  type AccessClaims,
  burnPasswordCheck,
  generateOtp,
  hashOtp,
  hashPassword,
  knownAccessToken,
  randomToken,
  sameHash,
  sha256,
  signAccessToken,
  verifyAccessToken,
  verifyPassword,
} from '../../security/tokens.ts';
import {
  renderFailedSignInSms,
  renderOtpSms,
  renderRegistrationAttemptSms,
  sendEmailJob,
  sendSmsJob,
} from '../notifications/index.ts';
import { registrationNoticeJob, sendLoginCodeJob, sendResetJob } from './auth.jobs.ts';
import {
  type ActionPurpose,
  type CurrentUser,
  authRepository as repo,
  type SessionUser,
  type UserRow,
} from './auth.repository.ts';
import { SessionCache } from './session-cache.ts';

export interface RequestMeta {
  ip: string;
  userAgent?: string;
}

export interface IssuedSession {
  token: string;
  refreshToken: string;
  refreshExpiresAt: Date;
  authUser: AuthUser;
}

export type RegisterData = Omit<RegisterInput, 'phoneNumber'> & { email: string; phoneNumber: string };

export function toAuthUser(u: SessionUser, exp?: number): AuthUser {
  return {
    id: u.id,
    name: `${u.firstName} ${u.lastName}`.trim(),
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    status: u.status,
    activated: u.activated,
    isVerify: u.emailVerifiedAt !== null,
    isMainLine: u.isMainLine,
    phoneNumber: u.phoneNumber,
    type: u.type,
    subline: u.subline,
    enable: u.enable,
    isMNP: u.isMnp,
    cisTypes: u.cisTypes,
    roadshow: u.roadshow,
    ...(exp ? { exp } : {}),
  };
}

const invalidLogin = () => new AppError(401, Messages.invalidLogin);
const otpIncorrect = () =>
  new AppError(401, Messages.otpIncorrect, { fields: { otp: Messages.otpIncorrect } });
const invalidLink = () => new AppError(400, Messages.invalidLink);

/** Accounts and sessions: registration, confirmation, password and OTP login, reset, refresh, logout. */
export class AuthService {
  private readonly signIns: SignInGuard;

  constructor(
    private readonly database: Database,
    private readonly queue: Queue,
    private readonly clock: Clock,
    private readonly config: Config,
    private readonly throttle: Throttle,
    private readonly brand: Brand,
    /** Shared with every other writer of users and sessions, which tell it what changed. */
    readonly sessions = new SessionCache<CurrentUser>(config.SESSION_CACHE_MS),
  ) {
    this.signIns = new SignInGuard(database, throttle, clock, 'login');
  }

  private get db() {
    return this.database.db;
  }

  private link(path: string): string {
    return new URL(path, this.config.PUBLIC_URL).toString();
  }

  /**
   * Creates the account and emails its confirmation link. An email or number that already has an
   * account gets the same answer after the same work (the password is hashed either way), and its
   * owner is told instead (ADR 0018); two registrations racing for one end the same way.
   */
  async register(input: RegisterData): Promise<void> {
    const passwordHash = await hashPassword(input.password);
    const now = this.clock.now();
    await this.database.transaction(async (tx) => {
      const user = await repo.insertNewUser(tx.db, {
        email: input.email,
        phoneNumber: input.phoneNumber,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        createdAt: now,
        updatedAt: now,
      });
      if (user) await this.sendConfirmation(tx, user);
      else
        await this.queue.send(
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
    const byEmail = await repo.findUserByEmail(this.db, email);
    const byPhone = byEmail ? undefined : await repo.findUserByPhone(this.db, phoneNumber);
    if (!byEmail && !byPhone) return;
    await this.database.transaction(async (tx) => {
      if (byEmail?.email) {
        const taken = await this.throttle.tryReserve(
          [[`registration-notice:${byEmail.email}`, Limits.registrationNoticeEmail]],
          tx,
        );
        if ('refused' in taken) return;
        await this.queue.send(
          sendEmailJob,
          {
            to: byEmail.email,
            content: {
              template: 'registration-attempt',
              name: byEmail.firstName,
              loginLink: this.link('/login'),
              resetLink: this.link('/forgotPassword'),
            },
          },
          tx,
        );
      } else if (byPhone?.phoneNumber) {
        const taken = await this.throttle.tryReserve(
          [[`registration-notice-sms:${byPhone.phoneNumber}`, Limits.registrationNoticeSms]],
          tx,
        );
        if ('refused' in taken) return;
        await this.queue.send(
          sendSmsJob,
          { to: toE164(byPhone.phoneNumber), text: renderRegistrationAttemptSms(this.brand) },
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
    const now = this.clock.now();
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

  private async sendConfirmation(tx: Tx, user: UserRow): Promise<void> {
    if (!user.email) return;
    const token = await this.issueActionToken(tx, user.id, 'confirm_email', EMAIL_CONFIRM_TTL_SECONDS);
    await this.queue.send(
      sendEmailJob,
      {
        to: user.email,
        content: {
          template: 'confirm-email',
          name: user.firstName,
          link: this.link(`/confirmEmail/${token}`),
        },
      },
      tx,
    );
  }

  async resendConfirmation(user: SessionUser): Promise<void> {
    if (user.emailVerifiedAt || !user.email) throw new AppError(409, Messages.emailAlreadyConfirmed);
    const key = `confirm-resend:${user.id}`;
    await this.throttle.reserve([
      [key, Limits.confirmResend],
      [`${key}:hour`, Limits.confirmPerHour],
    ]);
    await this.database.transaction((tx) => this.sendConfirmation(tx, user));
  }

  /** Single use and expiring; any failure gives the same message so a link reveals nothing. */
  private async useLinkToken(token: string, purpose: ActionPurpose): Promise<{ id: string; userId: string }> {
    const row = await repo.findActionToken(this.db, sha256(token), purpose);
    const now = this.clock.now();
    if (!row || row.usedAt || row.expiresAt <= now) throw invalidLink();
    return row;
  }

  async confirmEmail(token: string): Promise<void> {
    const row = await this.useLinkToken(token, 'confirm_email');
    await this.database.transaction(async (tx) => {
      if (!(await repo.useActionToken(tx.db, row.id, this.clock.now()))) throw invalidLink();
      await repo.updateUser(tx.db, row.userId, {
        emailVerifiedAt: this.clock.now(),
        updatedAt: this.clock.now(),
      });
    });
    this.sessions.forgetUser(row.userId);
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
    return this.startSession(signedIn.id, meta);
  }

  /**
   * Always answers alike, after the same work, whether or not the number has an account, so numbers
   * cannot be probed: the code is made here and a job issues and sends it, or drops it (ADR 0018).
   */
  async requestOtp(phoneNumber: string, method: OtpMethod, meta: RequestMeta): Promise<string> {
    const message = method === OtpMethod.SMS ? Messages.otpSentSms : Messages.otpSentEmail;
    await this.throttle.reserve([
      [`otp-resend:${phoneNumber}`, Limits.otpResend],
      [`otp-send:${phoneNumber}`, Limits.otpSendPerNumber],
      [`otp-send-ip:${clientOf(meta.ip)}`, Limits.otpSendPerIp],
    ]);
    const code = generateOtp(OTP_LENGTH);
    const now = this.clock.now();
    await this.queue.send(sendLoginCodeJob, {
      phoneNumber,
      method,
      code,
      codeHash: hashOtp(this.config.OTP_SECRET, phoneNumber, code),
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
    const now = this.clock.now();
    if (request.expiresAt <= now) return;
    const user = await repo.findUserByPhone(this.db, phoneNumber);
    if (!user || (method === OtpMethod.Email && !user.email)) return;
    if (await repo.otpIssued(this.db, phoneNumber, request.codeHash)) return;
    const minutes = OTP_TTL_SECONDS / 60;
    const expiresAt = request.expiresAt.toISOString();
    await this.database.transaction(async (tx) => {
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
        await this.queue.send(
          sendSmsJob,
          { to: toE164(phoneNumber), text: renderOtpSms(this.brand, code, minutes), expiresAt },
          tx,
        );
      } else {
        await this.queue.send(
          sendEmailJob,
          {
            to: user.email as string,
            content: { template: 'login-otp', name: user.firstName, code, minutes },
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
    return this.startSession(userId, meta);
  }

  /**
   * The user whose newest code for the number `code` is, or null. Each comparison first takes one of
   * the code's attempts, so however many arrive at once no more than OTP_MAX_ATTEMPTS are compared;
   * the last one voids the code.
   */
  private async useOtp(phoneNumber: string, code: string): Promise<string | null> {
    const now = this.clock.now();
    const otp = await repo.latestOtp(this.db, phoneNumber);
    if (!otp || otp.expiresAt <= now) return null;
    const attempt = await repo.takeOtpAttempt(this.db, otp.id, OTP_MAX_ATTEMPTS);
    if (attempt === null) return null;
    if (!sameHash(otp.codeHash, hashOtp(this.config.OTP_SECRET, phoneNumber, code))) {
      if (attempt >= OTP_MAX_ATTEMPTS) await repo.consumeOtp(this.db, otp.id, now);
      return null;
    }
    return (await repo.consumeOtp(this.db, otp.id, now)) ? otp.userId : null;
  }

  /**
   * Tells a customer that sign-ins to their account keep failing: by email, or by SMS when they have
   * no email address. Nobody is told about an account that does not exist.
   */
  private async alertFailedSignIns(tx: Tx, user: UserRow | undefined, facts: FailedSignIns) {
    const at = formatSgDateTime(facts.at);
    if (user?.email) {
      await this.queue.send(
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
            resetLink: this.link('/forgotPassword'),
          },
        },
        tx,
      );
    } else if (user?.phoneNumber) {
      await this.queue.send(
        sendSmsJob,
        { to: toE164(user.phoneNumber), text: renderFailedSignInSms(this.brand, at, facts.address) },
        tx,
      );
    }
  }

  /** Answers alike, after the same work, for any address: a job sends the link, if there is an account. */
  async forgotPassword(email: string, meta: RequestMeta): Promise<void> {
    await this.throttle.reserve([
      [`forgot:${email}`, Limits.forgotPerEmail],
      [`forgot-ip:${clientOf(meta.ip)}`, Limits.forgotPerIp],
    ]);
    await this.queue.send(sendResetJob, { email, token: randomToken() });
  }

  /**
   * Issues the reset link a request made and emails it, when the address has an account. The link
   * lives from now, when it is sent; only the newest works. A job run again finds it issued.
   */
  async sendReset(email: string, token: string): Promise<void> {
    const user = await repo.findUserByEmail(this.db, email);
    if (!user?.email) return;
    if (await repo.findActionToken(this.db, sha256(token), 'reset_password')) return;
    await this.database.transaction(async (tx) => {
      await this.issueActionToken(tx, user.id, 'reset_password', PASSWORD_RESET_TTL_SECONDS, token);
      await this.queue.send(
        sendEmailJob,
        {
          to: user.email as string,
          content: {
            template: 'reset-password',
            name: user.firstName,
            link: this.link(`/resetPassword/${token}`),
            minutes: PASSWORD_RESET_TTL_SECONDS / 60,
          },
        },
        tx,
      );
    });
  }

  async checkResetToken(token: string): Promise<void> {
    await this.useLinkToken(token, 'reset_password');
  }

  /** A new password ends every session: whoever knew the old one is logged out. */
  async resetPassword(token: string, password: string): Promise<void> {
    const row = await this.useLinkToken(token, 'reset_password');
    const passwordHash = await hashPassword(password);
    const now = this.clock.now();
    await this.database.transaction(async (tx) => {
      if (!(await repo.useActionToken(tx.db, row.id, now))) throw invalidLink();
      const user = await repo.findSessionUser(tx.db, row.userId);
      // Following a link sent to the address proves the address, as a confirmation link would.
      await repo.updateUser(tx.db, row.userId, {
        passwordHash,
        updatedAt: now,
        ...(user?.emailVerifiedAt ? {} : { emailVerifiedAt: now }),
      });
      await repo.revokeUserSessions(tx.db, row.userId, now, 'password reset');
    });
    this.sessions.forgetUser(row.userId);
  }

  /** A session for a customer whose identity another proof established (a Singpass login). */
  startVerifiedSession(userId: string, meta: RequestMeta): Promise<IssuedSession> {
    return this.startSession(userId, meta);
  }

  private async startSession(userId: string, meta: RequestMeta): Promise<IssuedSession> {
    const now = this.clock.now();
    const refreshToken = randomToken();
    const session = await this.database.transaction(async (tx) => {
      const s = await repo.insertSession(tx.db, {
        userId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_TTL_SECONDS * 1000),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300),
      });
      await repo.insertRefreshToken(tx.db, {
        tokenHash: sha256(refreshToken),
        sessionId: s.id,
        createdAt: now,
      });
      return s;
    });
    return this.issue(userId, session.id, session.expiresAt, refreshToken);
  }

  private async issue(
    userId: string,
    sessionId: string,
    sessionExpiresAt: Date,
    refreshToken: string,
  ): Promise<IssuedSession> {
    const user = await repo.findSessionUser(this.db, userId);
    if (!user) throw new AppError(401, Messages.sessionExpired);
    const nowSeconds = this.clock.nowSeconds();
    const exp = Math.min(
      nowSeconds + ACCESS_TOKEN_TTL_SECONDS,
      Math.floor(sessionExpiresAt.getTime() / 1000),
    );
    const token = await signAccessToken(
      this.config.JWT_SECRET,
      { sub: userId, sid: sessionId, exp },
      nowSeconds,
    );
    return { token, refreshToken, refreshExpiresAt: sessionExpiresAt, authUser: toAuthUser(user, exp) };
  }

  /** Rotates the refresh token (see `rotateRefreshToken`: two tabs racing, a copied token). */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    const { session, next } = await rotateRefreshToken(
      this.refreshStore,
      this.config.JWT_SECRET,
      refreshToken,
      this.clock.now(),
    );
    return this.issue(session.userId, session.id, session.expiresAt, next);
  }

  private get refreshStore(): RefreshStore<typeof sessions.$inferSelect> {
    return {
      find: (tokenHash) => repo.findRefreshToken(this.db, tokenHash),
      replace: replaceInTransaction(this.database, repo),
      revoke: async (session, now) => {
        await repo.revokeSession(this.db, session.id, now, 'refresh token reuse');
        this.sessions.forgetSession(session.id);
      },
    };
  }

  /** Ends the session named by the access token or, failing that, by the refresh cookie. */
  async logout(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
    const now = this.clock.now();
    const claims = accessToken ? await verifyAccessToken(this.config.JWT_SECRET, accessToken, now) : null;
    if (claims) {
      await repo.revokeSession(this.db, claims.sid, now, 'logout');
      this.sessions.forgetSession(claims.sid);
      return;
    }
    if (refreshToken) {
      const found = await repo.findRefreshToken(this.db, sha256(refreshToken));
      if (found) {
        await repo.revokeSession(this.db, found.session.id, now, 'logout');
        this.sessions.forgetSession(found.session.id);
      }
    }
  }

  /**
   * Changes a customer's status (and so the pages they may open). Done in the caller's
   * transaction; their cached sessions are forgotten once it commits, so the next request sees it.
   */
  async setCustomerStatus(tx: Tx, userId: string, status: number, now: Date) {
    const contact = await repo.setStatus(tx.db, userId, status, now);
    tx.afterCommit(() => this.sessions.forgetUser(userId));
    return contact;
  }

  /** The customer's main line is active: status 2 and activated, seen by their next request. */
  async activateCustomer(tx: Tx, userId: string, now: Date) {
    await repo.updateUser(tx.db, userId, { status: CustomerStatus.Active, activated: true, updatedAt: now });
    tx.afterCommit(() => this.sessions.forgetUser(userId));
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
    const [row] = await tx.db
      .insert(users)
      .values({
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
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    return row?.id ?? null;
  }

  /** Makes the customer eligible for a CIS company's plans; like a status change, seen at once. */
  async grantCis(tx: Tx, userId: string, companyCode: string, now: Date) {
    await repo.addCisType(tx.db, userId, companyCode, now);
    tx.afterCommit(() => this.sessions.forgetUser(userId));
  }

  /**
   * The caller of an authenticated request, or null when the token or its session is not valid. A
   * token verified before, whose session was read moments ago, is answered at once, without a
   * promise: every signed-in request asks. A token not seen before is verified by jose first.
   */
  authenticate(accessToken: string): CurrentUser | null | Promise<CurrentUser | null> {
    const now = this.clock.now();
    const known = knownAccessToken(this.config.JWT_SECRET, accessToken, now);
    if (known === null) return null;
    if (known === undefined) {
      return verifyAccessToken(this.config.JWT_SECRET, accessToken, now).then((claims) =>
        claims ? this.sessionOf(claims, now) : null,
      );
    }
    return this.sessionOf(known, now);
  }

  private sessionOf(claims: AccessClaims, now: Date): CurrentUser | null | Promise<CurrentUser | null> {
    // The token's expiry, checked above with the application clock, is never later than its
    // session's, so a cached answer cannot outlive the session.
    const known = this.sessions.peek(claims.sid);
    if (known) return known.id === claims.sub ? known : null;
    return this.sessions
      .get(claims.sid, async () => {
        const user = await repo.findActiveSession(this.database.pool, claims.sid, claims.sub, now);
        return user ? { ...user, sessionId: claims.sid } : null;
      })
      .then((user) => (user && user.id === claims.sub ? user : null));
  }
}
