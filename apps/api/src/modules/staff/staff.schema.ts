import { STAFF_ROLES } from '@selfcare/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  pgView,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { passkeyTables } from '../../security/passkey-store.ts';
import { sessionTables } from '../../security/session-store.ts';

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
export const { sessions: staffSessions, refreshTokens: staffRefreshTokens } = sessionTables(
  { sessions: 'staff_sessions', refreshTokens: 'staff_refresh_tokens', ownerColumn: 'staff_id' },
  () => staffUsers.id,
);

/**
 * Staff's passkeys and their ceremonies (ADR 0059): a second factor beside the TOTP code, as
 * customers' passkeys are a way in (security/passkey-store.ts).
 */
export const { passkeys: staffPasskeys, challenges: staffPasskeyChallenges } = passkeyTables(
  { passkeys: 'staff_passkeys', challenges: 'staff_passkey_challenges', ownerColumn: 'staff_id' },
  () => staffUsers.id,
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

/** Who a staff member is, for other modules' queries naming who did what (ADR 0045; migration 0044). */
export const staffNames = pgView('staff_names', {
  id: uuid('id').notNull(),
  name: text('name').notNull(),
  role: text('role', { enum: STAFF_ROLES }).notNull(),
}).existing();
