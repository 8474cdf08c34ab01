import type { CardPurchase } from '@selfcare/domain/contracts/bills';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, subscriptions } from '../../db/schema.ts';
import type { CardPaymentOwner } from '../billing/index.ts';
import { lineProducts } from './products.schema.ts';

/** The gateway attempt of a one-time purchase: its card charge carries `product:<id>`. */
const ATTEMPT = /^product:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The account's latest one-time purchases paid by card (refunded or not), newest first. */
async function cardPurchaseRows(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: lineProducts.id,
      name: products.name,
      msisdn: subscriptions.msisdn,
      priceCents: lineProducts.priceCents,
      paymentState: lineProducts.paymentState,
      card: lineProducts.card,
      paidAt: lineProducts.paidAt,
      refundedAt: lineProducts.refundedAt,
    })
    .from(lineProducts)
    .innerJoin(products, eq(products.code, lineProducts.productCode))
    .innerJoin(subscriptions, eq(subscriptions.id, lineProducts.lineId))
    .where(and(eq(lineProducts.userId, userId), inArray(lineProducts.paymentState, ['paid', 'refunded'])))
    .orderBy(desc(lineProducts.paidAt))
    .limit(limit);
}

/** Card purchases as /bills lists them, newest first: each paid one, and its refund when given back. */
export function cardPurchasesOf(rows: Awaited<ReturnType<typeof cardPurchaseRows>>): CardPurchase[] {
  return rows
    .flatMap((r): CardPurchase[] => {
      const refunded = r.paymentState === 'refunded';
      const common = { description: r.name, msisdn: r.msisdn, card: r.card };
      const paid: CardPurchase = {
        ...common,
        id: r.id,
        kind: 'purchase',
        at: (r.paidAt as Date).toISOString(),
        amountCents: r.priceCents,
        status: refunded ? 'refunded' : 'paid',
      };
      if (!refunded || !r.refundedAt) return [paid];
      const back: CardPurchase = {
        ...common,
        id: `${r.id}:refund`,
        kind: 'refund',
        at: r.refundedAt.toISOString(),
        description: `${r.name} (refund)`,
        amountCents: -r.priceCents,
        status: 'refunded',
      };
      return [back, paid];
    })
    .sort((a, b) => b.at.localeCompare(a.at));
}

/**
 * One-time purchases as billing reads the gateway's charges and lists /bills' payments (ADR 0033):
 * a purchase charging, paid or being refunded accounts for its charge.
 */
export const purchasesAsCardPayments = (db: Db): CardPaymentOwner => ({
  async accountsFor(attemptIds) {
    const byId = new Map(
      attemptIds.flatMap((a) => {
        const id = ATTEMPT.exec(a)?.[1];
        return id ? [[id.toLowerCase(), a] as const] : [];
      }),
    );
    if (byId.size === 0) return new Set();
    const rows = await db
      .select({ id: lineProducts.id })
      .from(lineProducts)
      .where(
        and(
          inArray(lineProducts.id, [...byId.keys()]),
          inArray(lineProducts.paymentState, ['charging', 'paid', 'refunded']),
        ),
      );
    return new Set(rows.map((r) => byId.get(r.id) as string));
  },
  purchasesOf: async (userId, limit) => cardPurchasesOf(await cardPurchaseRows(db, userId, limit)),
});
