import { LOCALES } from '@selfcare/domain';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  pgView,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { passkeyTables } from '../../security/passkey-store.ts';
import { sessionTables } from '../../security/session-store.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    status: smallint('status').notNull().default(0),
    activated: boolean('activated').notNull().default(false),
    emailVerifiedAt: ts('email_verified_at'),
    isMainLine: boolean('is_main_line').notNull().default(true),
    mainUserId: uuid('main_user_id'),
    type: smallint('type').notNull().default(0),
    enable: boolean('enable').notNull().default(false),
    isMnp: boolean('is_mnp').notNull().default(false),
    cisTypes: text('cis_types').array().notNull().default(sql`'{}'::text[]`),
    roadshow: boolean('roadshow').notNull().default(false),
    /** The language the customer chose (ADR 0055); null until they choose one. */
    language: text('language', { enum: LOCALES }),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_phone_number_key').on(t.phoneNumber),
    index('users_main_user_id_idx').on(t.mainUserId),
  ],
);

/** Customers' sessions and their rotating refresh tokens (ADR 0005), alike to staff's. */
export const { sessions, refreshTokens } = sessionTables(
  { sessions: 'sessions', refreshTokens: 'refresh_tokens', ownerColumn: 'user_id' },
  () => users.id,
);

/**
 * Single-use tokens sent in links: email confirmation, password reset, and confirming a new email
 * address (`newEmail`, the address the link was sent to; the account's changes only when it is used).
 */
export const actionTokens = pgTable(
  'action_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['confirm_email', 'reset_password', 'change_email'] }).notNull(),
    newEmail: text('new_email'),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('action_tokens_token_hash_key').on(t.tokenHash),
    index('action_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    channel: smallint('channel').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
  },
  (t) => [index('otp_codes_phone_created_idx').on(t.phoneNumber, t.createdAt)],
);

/** A customer's passkeys and their ceremonies (ADR 0059), as staff's are (security/passkey-store.ts). */
export const { passkeys, challenges: passkeyChallenges } = passkeyTables(
  { passkeys: 'passkeys', challenges: 'passkey_challenges', ownerColumn: 'user_id' },
  () => users.id,
);

/** Events counted by the throttle: failed logins, code sends, resends. */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('throttle_events_key_created_idx').on(t.key, t.createdAt)],
);

/**
 * Who to write to about an account, and where it stands (its status), for other modules' queries
 * (ADR 0045): a view over `users` (migration 0044), so their joins stay set-based while auth keeps
 * its table to itself.
 */
export const customerContacts = pgView('customer_contacts', {
  id: uuid('id').notNull(),
  email: text('email'),
  phoneNumber: text('phone_number'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  status: smallint('status').notNull(),
  /** The language the customer chose, null when they have not (ADR 0055). */
  language: text('language', { enum: LOCALES }),
}).existing();
