import { and, eq, isNull, ne } from 'drizzle-orm';
import { type AnyPgColumn, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { Database, Db, Tx } from '../db/client.ts';
import { ts } from '../db/columns.ts';
import { type RefreshStore, replaceInTransaction } from './refresh-rotation.ts';
import { randomToken, sha256 } from './tokens.ts';

/** The names a kind of session (customers', staff's) gives its two tables and their owner column. */
export interface SessionTableNames {
  sessions: string;
  refreshTokens: string;
  /** The column naming who the session belongs to (`user_id`, `staff_id`). */
  ownerColumn: string;
}

/**
 * A kind of session's tables: its sessions, each with an absolute expiry and a revocation, and the
 * refresh tokens that rotate within it. Customers and staff each have their own pair, alike.
 */
export function sessionTables(names: SessionTableNames, owner: () => AnyPgColumn) {
  const sessions = pgTable(
    names.sessions,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      ownerId: uuid(names.ownerColumn).notNull().references(owner, { onDelete: 'cascade' }),
      createdAt: ts('created_at').notNull(),
      expiresAt: ts('expires_at').notNull(),
      revokedAt: ts('revoked_at'),
      revokedReason: text('revoked_reason'),
      ip: text('ip'),
      userAgent: text('user_agent'),
    },
    (t) => [index(`${names.sessions}_${names.ownerColumn}_idx`).on(t.ownerId)],
  );
  const refreshTokens = pgTable(
    names.refreshTokens,
    {
      tokenHash: text('token_hash').primaryKey(),
      sessionId: uuid('session_id')
        .notNull()
        .references(() => sessions.id, { onDelete: 'cascade' }),
      createdAt: ts('created_at').notNull(),
      usedAt: ts('used_at'),
      /**
       * The hash of the token that replaced this one. A refresh racing another with the same token
       * (two tabs) within the grace window is given that same successor instead of revoking the session.
       */
      replacedByHash: text('replaced_by_hash'),
    },
    (t) => [index(`${names.refreshTokens}_session_id_idx`).on(t.sessionId)],
  );
  return { sessions, refreshTokens };
}

type Tables = ReturnType<typeof sessionTables>;
export type SessionRow = Tables['sessions']['$inferSelect'];

/**
 * Opening, finding and ending sessions of one kind, and the refresh-token queries their rotation
 * needs: the one implementation customers' and staff's sign-in share.
 */
export class SessionStore {
  constructor(
    private readonly database: Database,
    private readonly tables: Tables,
    private readonly ttlSeconds: number,
  ) {}

  /** A new session for `ownerId` and its first refresh token, in the caller's transaction. */
  async open(
    tx: Tx,
    ownerId: string,
    meta: { ip: string; userAgent?: string },
    now: Date,
  ): Promise<{ session: SessionRow; refreshToken: string }> {
    const refreshToken = randomToken();
    const [session] = await tx.db
      .insert(this.tables.sessions)
      .values({
        ownerId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + this.ttlSeconds * 1000),
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300),
      })
      .returning();
    await this.insertRefreshToken(tx.db, {
      tokenHash: sha256(refreshToken),
      sessionId: (session as SessionRow).id,
      createdAt: now,
    });
    return { session: session as SessionRow, refreshToken };
  }

  /** Ends an open session: its owner's id, or undefined when it had ended already. */
  async revoke(db: Db, id: string, now: Date, reason: string): Promise<string | undefined> {
    const { sessions } = this.tables;
    const [ended] = await db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
      .returning({ ownerId: sessions.ownerId });
    return ended?.ownerId;
  }

  /** Ends the owner's open sessions, but `keep` (the one asking, when it stays signed in). */
  async revokeOwner(db: Db, ownerId: string, now: Date, reason: string, keep?: string) {
    const { sessions } = this.tables;
    await db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(
        and(
          eq(sessions.ownerId, ownerId),
          isNull(sessions.revokedAt),
          keep ? ne(sessions.id, keep) : undefined,
        ),
      );
  }

  /** The session a refresh token belongs to, with the token's use. */
  async findRefreshToken(db: Db, tokenHash: string) {
    const { sessions, refreshTokens } = this.tables;
    const [row] = await db
      .select({ token: refreshTokens, session: sessions })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    return row;
  }

  /** When the session was opened: the moment its owner last proved who they are. */
  async openedAt(db: Db, id: string): Promise<Date | undefined> {
    const { sessions } = this.tables;
    const [row] = await db
      .select({ createdAt: sessions.createdAt })
      .from(sessions)
      .where(eq(sessions.id, id))
      .limit(1);
    return row?.createdAt;
  }

  /** The session named by a refresh token, for a logout without a valid access token. */
  async sessionOfRefreshToken(token: string): Promise<string | undefined> {
    return (await this.findRefreshToken(this.database.db, sha256(token)))?.session.id;
  }

  private async insertRefreshToken(db: Db, values: Tables['refreshTokens']['$inferInsert']) {
    await db.insert(this.tables.refreshTokens).values(values);
  }

  /** Marks a token used by the refresh that replaced it with `replacedByHash`; false when it was used already. */
  private async useRefreshToken(db: Db, tokenHash: string, now: Date, replacedByHash: string) {
    const { refreshTokens } = this.tables;
    const rows = await db
      .update(refreshTokens)
      .set({ usedAt: now, replacedByHash })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({ tokenHash: refreshTokens.tokenHash });
    return rows.length === 1;
  }

  /** What `rotateRefreshToken` needs; `revoked` hears of a session ended for a reused token. */
  refreshStore(revoked: (sessionId: string) => void = () => {}): RefreshStore<SessionRow> {
    return {
      find: (tokenHash) => this.findRefreshToken(this.database.db, tokenHash),
      replace: replaceInTransaction(this.database, {
        useRefreshToken: (db, hash, now, by) => this.useRefreshToken(db, hash, now, by),
        insertRefreshToken: (db, values) => this.insertRefreshToken(db, values),
      }),
      revoke: async (session, now) => {
        await this.revoke(this.database.db, session.id, now, 'refresh token reuse');
        revoked(session.id);
      },
    };
  }
}
