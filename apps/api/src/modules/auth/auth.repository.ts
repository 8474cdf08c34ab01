import { isLocale } from '@selfcare/domain';
import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import type { Db } from '../../db/client.ts';
import { actionTokens, otpCodes, users } from './auth.schema.ts';

export type ActionPurpose = (typeof actionTokens.$inferSelect)['purpose'];

import type { CurrentUser, SessionUser, UserRow } from '../../plugins/auth.ts';

export type { CurrentUser, SessionUser, UserRow };

type UserColumns = typeof users.$inferSelect;

// The session guard's account row is this module's users row: the plugin imports no table (ADR 0045).
declare module '../../plugins/auth.ts' {
  interface UserRow extends UserColumns {}
}

/** See migration 0001: a plpgsql function, so its plan is cached per database session. */
const ACTIVE_SESSION_SQL = 'SELECT * FROM active_session_user($1, $2, $3)';

interface ActiveSessionRow {
  id: string;
  email: string | null;
  phone_number: string | null;
  first_name: string;
  last_name: string;
  status: number;
  activated: boolean;
  email_verified_at: Date | null;
  is_main_line: boolean;
  main_user_id: string | null;
  type: number;
  enable: boolean;
  is_mnp: boolean;
  cis_types: string[];
  roadshow: boolean;
  created_at: Date;
  updated_at: Date;
  subline: number;
  language: string | null;
}

/**
 * The customer's sub lines, counted by the database function the session lookup uses too (migration
 * 0011), so the login, refresh and /users answers cannot disagree. A subquery written here instead
 * once compared `s.main_user_id` with an unqualified "id", its own, and always counted 0.
 */
const sublineCount = sql<number>`sub_line_count(${users.id})`;

export const authRepository = {
  async findUserByEmail(db: Db, email: string) {
    const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return row;
  },

  /**
   * The open account with the address `email`, or the account `userId` while it is open (a closed
   * account's addresses are erased): the inbox's recipient (ADR 0058).
   */
  async openAccountOf(db: Db, by: { email: string } | { userId: string }): Promise<string | null> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(
        // Addresses are kept in lower case (the shared schema's): the unique index answers.
        'email' in by
          ? eq(users.email, by.email.toLowerCase())
          : and(eq(users.id, by.userId), or(isNotNull(users.email), isNotNull(users.phoneNumber))),
      )
      .limit(1);
    return row?.id ?? null;
  },

  async findUserByPhone(db: Db, phoneNumber: string) {
    const [row] = await db.select().from(users).where(eq(users.phoneNumber, phoneNumber)).limit(1);
    return row;
  },

  /** Whether `email` is the login of an account other than `userId`'s. */
  async emailTakenByOther(db: Db, email: string, userId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, userId)))
      .limit(1);
    return row !== undefined;
  },

  /** The hash a password is checked against; null for a login without one (an 'Us' line's). */
  async passwordHashOf(db: Db, userId: string): Promise<string | null> {
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    return row?.hash ?? null;
  },

  async findSessionUser(db: Db, userId: string): Promise<SessionUser | undefined> {
    const [row] = await db
      .select({ user: users, subline: sublineCount })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ? { ...row.user, subline: row.subline } : undefined;
  },

  /**
   * The session and its user in one indexed read: what every authenticated request needs. Not a
   * named statement: the embedded database multiplexes every pool connection into one session, where
   * a second PREPARE of the same name fails; the function caches its plan instead.
   */
  async findActiveSession(
    pool: Pool,
    sessionId: string,
    userId: string,
    now: Date,
  ): Promise<SessionUser | undefined> {
    const r = await pool.query<ActiveSessionRow>(ACTIVE_SESSION_SQL, [sessionId, userId, now]);
    const row = r.rows[0];
    if (!row) return undefined;
    return {
      id: row.id,
      email: row.email,
      phoneNumber: row.phone_number,
      passwordHash: null,
      firstName: row.first_name,
      lastName: row.last_name,
      status: row.status,
      activated: row.activated,
      emailVerifiedAt: row.email_verified_at,
      isMainLine: row.is_main_line,
      mainUserId: row.main_user_id,
      type: row.type,
      enable: row.enable,
      isMnp: row.is_mnp,
      cisTypes: row.cis_types,
      roadshow: row.roadshow,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      subline: row.subline,
      language: isLocale(row.language) ? row.language : null,
    };
  },

  /** The new user, or undefined when the email or number already has one (checked by the unique indexes). */
  async insertNewUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow | undefined> {
    const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
    return row;
  },

  /** A login for a sub line's number; none (undefined) when the number already has one. */
  async insertSubLineUser(db: Db, values: typeof users.$inferInsert): Promise<string | undefined> {
    const [row] = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
    return row?.id;
  },

  async updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>) {
    await db.update(users).set(values).where(eq(users.id, id));
  },

  /** Sets a customer's status; answers who to tell about it, and in which language (ADR 0055). */
  async setStatus(db: Db, id: string, status: number, now: Date) {
    const [row] = await db
      .update(users)
      .set({ status, updatedAt: now })
      .where(eq(users.id, id))
      .returning({ email: users.email, firstName: users.firstName, language: users.language });
    return row;
  },

  /** Adds a CIS company to the customer's eligible companies (once). */
  async addCisType(db: Db, id: string, companyCode: string, now: Date) {
    await db
      .update(users)
      .set({
        cisTypes: sql`array(SELECT DISTINCT unnest(${users.cisTypes} || ARRAY[${companyCode}]::text[]) ORDER BY 1)`,
        updatedAt: now,
      })
      .where(eq(users.id, id));
  },

  async insertActionToken(db: Db, values: typeof actionTokens.$inferInsert) {
    await db.insert(actionTokens).values(values);
  },

  /** Voids the unused tokens of a purpose, so only the newest link works. */
  async voidActionTokens(db: Db, userId: string, purpose: ActionPurpose, now: Date) {
    await db
      .update(actionTokens)
      .set({ usedAt: now })
      .where(
        and(eq(actionTokens.userId, userId), eq(actionTokens.purpose, purpose), isNull(actionTokens.usedAt)),
      );
  },

  /** Voids every unused link of the user, whatever its purpose. */
  async voidAllActionTokens(db: Db, userId: string, now: Date) {
    await db
      .update(actionTokens)
      .set({ usedAt: now })
      .where(and(eq(actionTokens.userId, userId), isNull(actionTokens.usedAt)));
  },

  /** The token of that hash, if it was issued for `purpose` (or one of them). */
  async findActionToken(db: Db, tokenHash: string, purpose: ActionPurpose | ActionPurpose[]) {
    const purposes = Array.isArray(purpose) ? purpose : [purpose];
    const [row] = await db
      .select()
      .from(actionTokens)
      .where(and(eq(actionTokens.tokenHash, tokenHash), inArray(actionTokens.purpose, purposes)))
      .limit(1);
    return row;
  },

  /** Marks a token used only if nobody used it first; false when it lost that race. */
  async useActionToken(db: Db, id: string, now: Date): Promise<boolean> {
    const r = await db
      .update(actionTokens)
      .set({ usedAt: now })
      .where(and(eq(actionTokens.id, id), isNull(actionTokens.usedAt)))
      .returning({ id: actionTokens.id });
    return r.length === 1;
  },

  async insertOtp(db: Db, values: typeof otpCodes.$inferInsert) {
    await db.insert(otpCodes).values(values);
  },

  /** Whether this very code was already issued for the number (a job run again). */
  async otpIssued(db: Db, phoneNumber: string, codeHash: string): Promise<boolean> {
    const [row] = await db
      .select({ id: otpCodes.id })
      .from(otpCodes)
      .where(and(eq(otpCodes.phoneNumber, phoneNumber), eq(otpCodes.codeHash, codeHash)))
      .limit(1);
    return row !== undefined;
  },

  /** The logins whose mobile number is `from` take `to` instead; answers their ids. */
  async movePhoneNumber(db: Db, from: string, to: string, now: Date): Promise<string[]> {
    const rows = await db
      .update(users)
      .set({ phoneNumber: to, updatedAt: now })
      .where(eq(users.phoneNumber, from))
      .returning({ id: users.id });
    return rows.map((r) => r.id);
  },

  async voidOtps(db: Db, phoneNumber: string, now: Date) {
    await db
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.phoneNumber, phoneNumber), isNull(otpCodes.consumedAt)));
  },

  async latestOtp(db: Db, phoneNumber: string) {
    const [row] = await db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.phoneNumber, phoneNumber), isNull(otpCodes.consumedAt)))
      .orderBy(sql`${otpCodes.createdAt} DESC`)
      .limit(1);
    return row;
  },

  /**
   * Takes one attempt at an unused code before it is compared: the count rises in the same statement
   * that checks it, so concurrent guesses cannot all pass. Answers which attempt this is (1..max), or
   * null when the code is used or has had its `max`.
   */
  async takeOtpAttempt(db: Db, id: string, max: number): Promise<number | null> {
    const [row] = await db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(and(eq(otpCodes.id, id), lt(otpCodes.attempts, max), isNull(otpCodes.consumedAt)))
      .returning({ attempts: otpCodes.attempts });
    return row ? row.attempts : null;
  },

  async consumeOtp(db: Db, id: string, now: Date): Promise<boolean> {
    const r = await db
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id });
    return r.length === 1;
  },
};
