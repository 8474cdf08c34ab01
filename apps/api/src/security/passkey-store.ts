import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  index,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { ts } from '../db/columns.ts';

/** Raw bytes (a passkey's public key): a Uint8Array in, a Uint8Array out, on PGlite and PostgreSQL. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/** The names a kind of account (customers', staff's) gives its passkey tables and their owner column. */
export interface PasskeyTableNames {
  passkeys: string;
  challenges: string;
  /** The column naming whose passkey or ceremony it is (`user_id`, `staff_id`). */
  ownerColumn: string;
}

/**
 * A kind of account's passkeys (ADR 0059) and the challenges of their ceremonies. Customers and staff
 * each have their own pair, alike, as they have their own sessions.
 *
 * A passkey is the public key of a credential an authenticator made for the account, the signature
 * counter it last gave, and where it can be reached (transports). The name is the device it was added
 * on, as the browser said; nothing here is a secret. A ceremony is the challenge the server gave the
 * browser, for one use within a few minutes: adding a passkey (with its account) or signing in with
 * one (no account yet).
 */
export function passkeyTables(names: PasskeyTableNames, owner: () => AnyPgColumn) {
  const ownerIndex = `${names.passkeys}_${names.ownerColumn.replace(/_id$/, '')}_idx`;
  const passkeys = pgTable(
    names.passkeys,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      ownerId: uuid(names.ownerColumn).notNull().references(owner, { onDelete: 'cascade' }),
      /** The credential's id, base64url, as the authenticator gives it back at each sign-in. */
      credentialId: text('credential_id').notNull(),
      publicKey: bytea('public_key').notNull(),
      counter: bigint('counter', { mode: 'number' }).notNull().default(0),
      transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
      /** Whether the passkey is kept in a password manager, across the owner's devices. */
      backedUp: boolean('backed_up').notNull(),
      name: text('name').notNull(),
      createdAt: ts('created_at').notNull(),
      lastUsedAt: ts('last_used_at'),
    },
    (t) => [
      uniqueIndex(`${names.passkeys}_credential_id_key`).on(t.credentialId),
      index(ownerIndex).on(t.ownerId),
    ],
  );
  const challenges = pgTable(
    names.challenges,
    {
      id: uuid('id').primaryKey().defaultRandom(),
      purpose: text('purpose', { enum: ['add', 'sign-in'] }).notNull(),
      ownerId: uuid(names.ownerColumn).references(owner, { onDelete: 'cascade' }),
      challenge: text('challenge').notNull(),
      createdAt: ts('created_at').notNull(),
      expiresAt: ts('expires_at').notNull(),
    },
    (t) => [index(`${names.challenges}_expires_idx`).on(t.expiresAt)],
  );
  return { passkeys, challenges };
}

type Tables = ReturnType<typeof passkeyTables>;
export type PasskeyRow = Tables['passkeys']['$inferSelect'];
export type PasskeyPurpose = Tables['challenges']['$inferSelect']['purpose'];

/** A kind of account's passkeys and ceremonies: the one implementation customers' and staff's share. */
export class PasskeyStore {
  constructor(private readonly tables: Tables) {}

  /**
   * Keeps a ceremony's challenge, and drops those that expired unanswered (a sign-in begun and left):
   * the table holds only the last few minutes' ceremonies.
   */
  async beginCeremony(
    db: Db,
    c: { purpose: PasskeyPurpose; ownerId: string | null; challenge: string; now: Date; expiresAt: Date },
  ): Promise<string> {
    const { challenges } = this.tables;
    await db.delete(challenges).where(lt(challenges.expiresAt, c.now));
    const [row] = await db
      .insert(challenges)
      .values({
        purpose: c.purpose,
        ownerId: c.ownerId,
        challenge: c.challenge,
        createdAt: c.now,
        expiresAt: c.expiresAt,
      })
      .returning({ id: challenges.id });
    return (row as { id: string }).id;
  }

  /**
   * The challenge of an unexpired ceremony of `purpose` (of `ownerId`'s, when adding), taken: it is
   * deleted, so however many answers arrive, one is checked against it.
   */
  async takeChallenge(db: Db, id: string, purpose: PasskeyPurpose, ownerId: string | null, now: Date) {
    const { challenges } = this.tables;
    const [row] = await db
      .delete(challenges)
      .where(
        and(
          eq(challenges.id, id),
          eq(challenges.purpose, purpose),
          gt(challenges.expiresAt, now),
          ownerId ? eq(challenges.ownerId, ownerId) : undefined,
        ),
      )
      .returning({ challenge: challenges.challenge });
    return row?.challenge ?? null;
  }

  list(db: Db, ownerId: string): Promise<PasskeyRow[]> {
    const { passkeys } = this.tables;
    return db
      .select()
      .from(passkeys)
      .where(eq(passkeys.ownerId, ownerId))
      .orderBy(desc(passkeys.createdAt), desc(passkeys.id));
  }

  async byCredentialId(db: Db, credentialId: string): Promise<PasskeyRow | undefined> {
    const { passkeys } = this.tables;
    const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId)).limit(1);
    return row;
  }

  /** A new passkey; undefined when the credential is already an account's. */
  async add(db: Db, row: Tables['passkeys']['$inferInsert']): Promise<PasskeyRow | undefined> {
    const [added] = await db.insert(this.tables.passkeys).values(row).onConflictDoNothing().returning();
    return added;
  }

  /** A sign-in with the passkey: when, and the signature counter it gave (never moved back). */
  async markUsed(db: Db, id: string, counter: number, now: Date): Promise<void> {
    const { passkeys } = this.tables;
    await db
      .update(passkeys)
      .set({ counter: sql`greatest(${passkeys.counter}, ${counter})`, lastUsedAt: now })
      .where(eq(passkeys.id, id));
  }

  /** Removes one of `ownerId`'s passkeys; the removed one, or undefined when it is not theirs. */
  async remove(db: Db, ownerId: string, id: string): Promise<PasskeyRow | undefined> {
    const { passkeys } = this.tables;
    const [removed] = await db
      .delete(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.ownerId, ownerId)))
      .returning();
    return removed;
  }

  /** Every passkey of the account, and its ceremonies under way. */
  async removeAll(db: Db, ownerId: string): Promise<void> {
    const { passkeys, challenges } = this.tables;
    await db.delete(passkeys).where(eq(passkeys.ownerId, ownerId));
    await db.delete(challenges).where(eq(challenges.ownerId, ownerId));
  }
}
