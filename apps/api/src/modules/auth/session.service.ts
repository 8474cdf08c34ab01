import { ACCESS_TOKEN_TTL_SECONDS, Messages, SESSION_ABSOLUTE_TTL_SECONDS } from '@selfcare/domain';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { rotateRefreshToken } from '../../security/refresh-rotation.ts';
import { SessionStore } from '../../security/session-store.ts';
import {
  type AccessClaims,
  knownAccessToken,
  signAccessToken,
  verifyAccessToken,
} from '../../security/tokens.ts';
import { accountPushDevices } from '../notifications/index.ts';
import { type CurrentUser, authRepository as repo } from './auth.repository.ts';
import { refreshTokens, sessions } from './auth.schema.ts';
import { type IssuedSession, type RequestMeta, toAuthUser } from './auth-shared.ts';
import { SessionCache } from './session-cache.ts';

export interface SessionDeps {
  database: Database;
  clock: Clock;
  config: Config;
}

/** Customers' sessions: opening one, refreshing it, ending it, and knowing the caller of a request. */
export class SessionService {
  private readonly database: Database;
  private readonly clock: Clock;
  private readonly config: Config;
  /** Told by every writer of users and sessions what changed (`forgetUser`, `forgetSession`). */
  private readonly cache: SessionCache<CurrentUser>;
  private readonly store: SessionStore;

  constructor({ database, clock, config }: SessionDeps) {
    this.database = database;
    this.clock = clock;
    this.config = config;
    this.cache = new SessionCache<CurrentUser>(config.SESSION_CACHE_MS);
    this.store = new SessionStore(database, { sessions, refreshTokens }, SESSION_ABSOLUTE_TTL_SECONDS);
  }

  private get db() {
    return this.database.db;
  }

  /** The user's record changed: their sessions are read afresh on the next request. */
  forgetUser(userId: string): void {
    this.cache.forgetUser(userId);
  }

  private forgetSession(sessionId: string): void {
    this.cache.forgetSession(sessionId);
  }

  /**
   * A session for a customer whose identity was just proved: by their password or a login code, or
   * by another proof (a Singpass login).
   */
  async startVerifiedSession(userId: string, meta: RequestMeta): Promise<IssuedSession> {
    const now = this.clock.now();
    const { session, refreshToken } = await this.database.transaction((tx) =>
      this.store.open(tx, userId, meta, now),
    );
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
    return {
      token,
      refreshToken,
      refreshExpiresAt: sessionExpiresAt,
      authUser: toAuthUser(user, exp, Math.floor(sessionExpiresAt.getTime() / 1000)),
    };
  }

  /** Rotates the refresh token (see `rotateRefreshToken`: two tabs racing, a copied token). */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    const { session, next } = await rotateRefreshToken(
      this.store.refreshStore((id) => this.forgetSession(id)),
      this.config.JWT_SECRET,
      refreshToken,
      this.clock.now(),
    );
    return this.issue(session.ownerId, session.id, session.expiresAt, next);
  }

  /**
   * Ends every open session of a customer, in the caller's transaction (a password reset), or every
   * other one when `keep` names the session that stays (a password changed while signed in).
   */
  async endAll(tx: Tx, userId: string, now: Date, reason: string, keep?: string): Promise<void> {
    await this.store.revokeOwner(tx.db, userId, now, reason, keep);
  }

  /** When the session was opened: the moment its customer last proved who they are. */
  openedAt(sessionId: string): Promise<Date | undefined> {
    return this.store.openedAt(this.db, sessionId);
  }

  /**
   * Ends the session named by the access token or, failing that, by the refresh cookie. The browser at `pushEndpoint`, when it was the customer's, stops
   * showing the account's notifications (ADR 0060): the next person at a shared device sees none.
   */
  async logout(
    accessToken: string | undefined,
    refreshToken: string | undefined,
    pushEndpoint?: string,
  ): Promise<void> {
    const now = this.clock.now();
    const claims = accessToken ? await verifyAccessToken(this.config.JWT_SECRET, accessToken, now) : null;
    const sessionId =
      claims?.sid ?? (refreshToken ? await this.store.sessionOfRefreshToken(refreshToken) : undefined);
    if (!sessionId) return;
    const userId = await this.store.revoke(this.db, sessionId, now, 'logout');
    this.forgetSession(sessionId);
    if (userId && pushEndpoint) await accountPushDevices.signedOut(this.db, userId, pushEndpoint);
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
    const known = this.cache.peek(claims.sid);
    if (known) return known.id === claims.sub ? known : null;
    return this.cache
      .get(claims.sid, async () => {
        const user = await repo.findActiveSession(this.database.pool, claims.sid, claims.sub, now);
        return user ? { ...user, sessionId: claims.sid } : null;
      })
      .then((user) => (user && user.id === claims.sub ? user : null));
  }
}
