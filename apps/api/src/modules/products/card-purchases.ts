import type { StaffCardPurchase } from '@selfcare/domain/contracts/staff-billing';
import { ProductMessages } from '@selfcare/domain/products';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CardPaymentOwner } from '../billing/index.ts';
import { productNames } from '../catalog/index.ts';
import { lineNumbers } from '../lines/index.ts';
import { lineProducts } from './products.schema.ts';

/** The gateway attempt of a one-time purchase: its card charge carries `product:<id>`. */
const ATTEMPT = /^product:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The account's latest one-time purchases paid by card (refunded or not), newest first; `unsettled`
 * adds those the card's issuer declined and those still charging, at the time they were asked for.
 */
async function cardPurchaseRows(db: Db, userId: string, limit: number, unsettled = false) {
  const at = sql<Date>`coalesce(${lineProducts.paidAt}, ${lineProducts.createdAt})`;
  return db
    .select({
      id: lineProducts.id,
      name: productNames.name,
      msisdn: lineNumbers.msisdn,
      priceCents: lineProducts.priceCents,
      paymentState: lineProducts.paymentState,
      card: lineProducts.card,
      paidAt: lineProducts.paidAt,
      createdAt: lineProducts.createdAt,
      refundedAt: lineProducts.refundedAt,
    })
    .from(lineProducts)
    .innerJoin(productNames, eq(productNames.code, lineProducts.productCode))
    .innerJoin(lineNumbers, eq(lineNumbers.id, lineProducts.lineId))
    .where(
      and(
        eq(lineProducts.userId, userId),
        inArray(
          lineProducts.paymentState,
          unsettled ? ['paid', 'refunded', 'declined', 'charging'] : ['paid', 'refunded'],
        ),
      ),
    )
    .orderBy(desc(at))
    .limit(limit);
}

/**
 * Card purchases as /bills lists them, newest first: each paid one, and its refund when given back
 * (and for staff, each declined or still charging).
 */
export function cardPurchasesOf(rows: Awaited<ReturnType<typeof cardPurchaseRows>>): StaffCardPurchase[] {
  return rows
    .flatMap((r): StaffCardPurchase[] => {
      const refunded = r.paymentState === 'refunded';
      const common = { description: r.name, msisdn: r.msisdn, card: r.card };
      const paid: StaffCardPurchase = {
        ...common,
        id: r.id,
        kind: 'purchase',
        at: (r.paidAt ?? r.createdAt).toISOString(),
        amountCents: r.priceCents,
        status: r.paymentState ?? 'charging',
      };
      if (!refunded || !r.refundedAt) return [paid];
      const back: StaffCardPurchase = {
        ...common,
        id: `${r.id}:refund`,
        kind: 'refund',
        at: r.refundedAt.toISOString(),
        description: ProductMessages.refunded(r.name),
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
  purchasesOf: async (userId, limit, wanted = {}) =>
    cardPurchasesOf(await cardPurchaseRows(db, userId, limit, wanted.unsettled)),
});
