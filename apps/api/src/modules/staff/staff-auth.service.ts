import { formatSgDateTime, Messages, type StaffRole } from '@selfcare/domain';
import {
  FulfilmentMessages,
  STAFF_ACCESS_TOKEN_TTL_SECONDS,
  STAFF_SESSION_TTL_SECONDS,
  type StaffUser,
} from '@selfcare/domain/fulfilment';
import type { passkeySignInSchema } from '@selfcare/domain/schemas/passkeys';
import { verify as verifyTotp } from 'otplib';
import type { z } from 'zod/mini';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { CurrentStaff } from '../../plugins/staff-auth.ts';
import { rotateRefreshToken } from '../../security/refresh-rotation.ts';
import { SessionStore } from '../../security/session-store.ts';
import { type FailedSignIns, SignInGuard } from '../../security/sign-in-guard.ts';
import type { Throttle } from '../../security/throttle.ts';
import {
  burnPasswordCheck,
  STAFF_AUDIENCE,
  signAccessToken,
  verifyAccessToken,
  verifyPassword,
} from '../../security/tokens.ts';
import type { RequestMeta } from '../auth/index.ts';
import { sendEmailJob } from '../notifications/index.ts';
import { staffRefreshTokens, staffSessions } from './staff.schema.ts';
import { staffAuthRepository as repo, type StaffRow } from './staff-auth.repository.ts';
import { StaffPasskeys } from './staff-passkeys.ts';

export type { CurrentStaff };

export interface IssuedStaffSession {
  token: string;
  exp: number;
  refreshToken: string;
  refreshExpiresAt: Date;
  staff: StaffUser;
}

/** A code from the authenticator: checked against real time (the device's clock), one step either side. */
async function totpStep(secret: string, code: string): Promise<number | null> {
  try {
    const result = await verifyTotp({ secret, token: code, epochTolerance: 30 });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** The second factor a staff sign-in gives after the password: the TOTP code, or a passkey (ADR 0059). */
type SecondFactor = { code: string } | { passkey: z.infer<typeof passkeySignInSchema> };

/**
 * Staff sign-in: the password and a second factor (a TOTP code or a passkey), both required, one
 * answer for any mistake. Sessions are shorter than customers' and their tokens name another
 * audience, so neither kind opens the other's API.
 */
export class StaffAuthService {
  private readonly signIns: SignInGuard;
  private readonly store: SessionStore;
  readonly passkeys: StaffPasskeys;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    throttle: Throttle,
    private readonly jwtSecret: string,
    private readonly queue: Queue,
    site: { publicUrl: string; brandName: string },
  ) {
    this.signIns = new SignInGuard(database, throttle, clock, 'staff-login');
    this.store = new SessionStore(
      database,
      { sessions: staffSessions, refreshTokens: staffRefreshTokens },
      STAFF_SESSION_TTL_SECONDS,
    );
    this.passkeys = new StaffPasskeys({
      database,
      clock,
      ...site,
      sessionOpenedAt: (id) => this.store.openedAt(this.db, id),
    });
  }

  private get db() {
    return this.database.db;
  }

  async login(
    email: string,
    password: string,
    second: SecondFactor,
    meta: RequestMeta,
  ): Promise<IssuedStaffSession> {
    let active: StaffRow | undefined;
    let passkey: string | undefined;
    const staff = await this.signIns.attempt(
      email,
      meta.ip,
      async () => {
        // A passkey's ceremony is spent and its signature checked first, whatever the password: each
        // ceremony is answered once, and a right password costs no more than a wrong one.
        const signed = 'passkey' in second ? await this.passkeys.signedBy(second.passkey) : undefined;
        // Looked up once the attempt is counted, so a refused attempt costs no query.
        const found = await repo.findByEmail(this.db, email);
        active = found && !found.disabledAt ? found : undefined;
        if (!active) {
          await burnPasswordCheck(password);
          return null;
        }
        if (!(await verifyPassword(active.passwordHash, password))) return null;
        if (signed !== undefined) {
          if (signed?.key.ownerId !== active.id) return null;
          await this.passkeys.used(signed);
          passkey = signed.key.id;
          return active;
        }
        if (!('code' in second)) return null;
        const step = await totpStep(active.totpSecret, second.code);
        return step !== null && (await repo.useTotpStep(this.db, active.id, step)) ? active : null;
      },
      (tx, facts) => this.alertFailedSignIns(tx, active, facts),
    );
    if (!staff)
      throw new AppError(
        401,
        'passkey' in second
          ? FulfilmentMessages.staffPasskeyLoginInvalid
          : FulfilmentMessages.staffLoginInvalid,
      );
    const now = this.clock.now();
    const { session, refreshToken } = await this.database.transaction(async (tx) => {
      const opened = await this.store.open(tx, staff.id, meta, now);
      await repo.audit(tx.db, {
        at: now,
        staffId: staff.id,
        action: 'sign-in',
        detail: {
          ip: meta.ip,
          ...(passkey ? { factor: 'passkey', passkeyId: passkey } : { factor: 'code' }),
        },
      });
      return opened;
    });
    const view = { id: staff.id, email: staff.email, name: staff.name, role: staff.role as StaffRole };
    return this.issue(view, session.id, session.expiresAt, refreshToken);
  }

  /** Tells a staff member, by email, that sign-ins to their account keep failing. */
  private async alertFailedSignIns(tx: Tx, staff: StaffRow | undefined, facts: FailedSignIns) {
    if (!staff) return;
    await this.queue.send(
      sendEmailJob,
      {
        to: staff.email,
        content: {
          template: 'failed-sign-in',
          name: staff.name,
          attempts: facts.attempts,
          minutes: facts.windowMinutes,
          at: formatSgDateTime(facts.at),
          address: facts.address,
        },
        // Staff's, not a customer's: no inbox keeps it, whichever account has the same address.
        inbox: false,
      },
      tx,
    );
  }

  private async issue(staff: StaffUser, sessionId: string, expiresAt: Date, refreshToken: string) {
    const nowSeconds = this.clock.nowSeconds();
    const exp = Math.min(nowSeconds + STAFF_ACCESS_TOKEN_TTL_SECONDS, Math.floor(expiresAt.getTime() / 1000));
    const token = await signAccessToken(
      this.jwtSecret,
      { sub: staff.id, sid: sessionId, exp },
      nowSeconds,
      STAFF_AUDIENCE,
    );
    return { token, exp, refreshToken, refreshExpiresAt: expiresAt, staff };
  }

  /** Rotates the refresh token as customers' are (`rotateRefreshToken`), for a staff member still enabled. */
  async refresh(refreshToken: string | undefined): Promise<IssuedStaffSession> {
    const now = this.clock.now();
    const { session, next } = await rotateRefreshToken(
      this.store.refreshStore(),
      this.jwtSecret,
      refreshToken,
      now,
    );
    const staff = await repo.findActive(this.db, session.id, session.ownerId, now);
    if (!staff) throw new AppError(401, Messages.sessionExpired);
    return this.issue(staff, session.id, session.expiresAt, next);
  }

  async logout(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
    const now = this.clock.now();
    const claims = accessToken
      ? await verifyAccessToken(this.jwtSecret, accessToken, now, STAFF_AUDIENCE)
      : null;
    const sessionId =
      claims?.sid ?? (refreshToken ? await this.store.sessionOfRefreshToken(refreshToken) : undefined);
    if (sessionId) await this.store.revoke(this.db, sessionId, now, 'logout');
  }

  /** Whether this is a customer's access token (its caller is known, and not staff: 403, not 401). */
  async isCustomerToken(accessToken: string): Promise<boolean> {
    return (await verifyAccessToken(this.jwtSecret, accessToken, this.clock.now())) !== null;
  }

  /** The staff member behind a staff access token whose session is still open, or null. */
  async authenticate(accessToken: string): Promise<CurrentStaff | null> {
    const now = this.clock.now();
    const claims = await verifyAccessToken(this.jwtSecret, accessToken, now, STAFF_AUDIENCE);
    if (!claims) return null;
    const staff = await repo.findActive(this.db, claims.sid, claims.sub, now);
    return staff ? { ...staff, role: staff.role as StaffRole, sessionId: claims.sid } : null;
  }
}
