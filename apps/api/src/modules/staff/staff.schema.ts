import { STAFF_ROLES } from '@selfcare/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The operator's staff: separate from customers, never able to use a customer login and vice versa.
 * Every staff login needs the password and a TOTP code from the authenticator holding `totp_secret`.
 */
export const staffUsers = pgTable(
  'staff_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    totpSecret: text('totp_secret').notNull(),
    /** The last TOTP time step accepted: a code is good once, however fast it is replayed. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    disabledAt: ts('disabled_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('staff_users_email_key').on(t.email),
    check('staff_users_role_check', sql`${t.role} IN ('agent', 'supervisor', 'admin')`),
  ],
);

/** Staff sessions: shorter than customers' (STAFF_SESSION_TTL), refreshed by rotating tokens like theirs. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_id_idx').on(t.staffId)],
);

export const staffRefreshTokens = pgTable(
  'staff_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => staffSessions.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
    usedAt: ts('used_at'),
    /** As `refresh_tokens.replaced_by_hash`. */
    replacedByHash: text('replaced_by_hash'),
  },
  (t) => [index('staff_refresh_tokens_session_id_idx').on(t.sessionId)],
);

/**
 * Everything staff do: who, when, what, to which order or SIM, and why. Append-only: a trigger
 * refuses UPDATE and DELETE, so not even the application can rewrite it.
 */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staffUsers.id),
    action: text('action').notNull(),
    orderId: uuid('order_id'),
    subject: text('subject'),
    reason: text('reason'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('staff_audit_log_order_idx').on(t.orderId, t.id), index('staff_audit_log_at_idx').on(t.at)],
);
