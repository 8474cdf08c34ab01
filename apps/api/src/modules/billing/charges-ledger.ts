import type { ChargeWords } from '@selfcare/domain/contracts/bills';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { type ChargeKind, charges } from './billing.schema.ts';

/**
 * What another module may charge: one-time fees and credits, of a kind a module declares (the bill run
 * makes plan and use charges itself).
 */
export type OneTimeChargeKind = ChargeKind;

export interface OneTimeCharge {
  userId: string;
  kind: OneTimeChargeKind;
  amountCents: number;
  /** What the customer reads on the bill, in English (ChargeMessages). */
  reason: string;
  /** Its parts, when the bill writes them in the reader's language (charges.words). */
  words?: ChargeWords | null;
  /** The order it is for: one charge of each kind per order. */
  orderId?: string | null;
  lineId?: string | null;
  /** What makes it once when it is not an order's (a SIM replacement's request, say). */
  sourceKey?: string | null;
  at: Date;
}

/**
 * The charges ledger's door for the other modules (ADR 0020): everything that costs the customer
 * money is written here, once per order and kind or per source key, and the next bill takes it.
 */
export class ChargesLedger {
  constructor(private readonly deps: { database: Database; kinds: ReadonlySet<ChargeKind> }) {}

  /**
   * Records the charge unless it was made before; answers its amount (this one, or the earlier one's)
   * and whether this call made it. `db` is the caller's transaction's, so the charge commits with
   * what caused it.
   */
  async addOnce(db: Db, c: OneTimeCharge): Promise<{ amountCents: number; made: boolean }> {
    if (!this.deps.kinds.has(c.kind))
      throw new Error(`No module declares the charge kind '${c.kind}' (ApiModule.chargeKinds or a fee's)`);
    const [row] = await db
      .insert(charges)
      .values({
        userId: c.userId,
        orderId: c.orderId ?? null,
        lineId: c.lineId ?? null,
        kind: c.kind,
        amountCents: c.amountCents,
        reason: c.reason,
        words: c.words ?? null,
        sourceKey: c.sourceKey ?? null,
        createdAt: c.at,
      })
      .onConflictDoNothing()
      .returning({ amountCents: charges.amountCents });
    if (row) return { amountCents: row.amountCents, made: true };
    const [earlier] = await db
      .select({ amountCents: charges.amountCents })
      .from(charges)
      .where(
        or(
          c.orderId ? and(eq(charges.orderId, c.orderId), eq(charges.kind, c.kind)) : undefined,
          c.sourceKey ? eq(charges.sourceKey, c.sourceKey) : undefined,
        ),
      );
    return { amountCents: earlier?.amountCents ?? c.amountCents, made: false };
  }

  /** The account's charges no bill has taken yet, oldest first. */
  async unbilled(userId: string) {
    return this.deps.database.db
      .select()
      .from(charges)
      .where(and(eq(charges.userId, userId), isNull(charges.billId)))
      .orderBy(asc(charges.createdAt));
  }
}
