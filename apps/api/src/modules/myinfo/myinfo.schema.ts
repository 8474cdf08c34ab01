import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.ts';
import { users } from '../auth/auth.schema.ts';

/**
 * A MyInfo authorisation in flight. The state sent to MyInfo carries a nonce stored here hashed, so
 * that only the customer who started it can use the code that comes back, and only once.
 */
export const myinfoRequests = pgTable(
  'myinfo_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The customer who asked; null for a Singpass login (loginByKyc), which starts signed out. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    nonceHash: text('nonce_hash').notNull(),
    ref: text('ref').notNull(),
    /**
     * SHA-256 of a random value kept in an HttpOnly cookie of the browser that started the round
     * trip: a code and state carried to another browser cannot be redeemed there.
     */
    browserHash: text('browser_hash'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('myinfo_requests_nonce_hash_key').on(t.nonceHash)],
);
