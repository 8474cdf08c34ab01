import type { CardPurchase } from '@selfcare/domain/contracts/bills';
import type { billingRepository } from './billing.repository.ts';

/** Purchases listed with the payments on /bills: a year of buying a booster a week, and more. */
export const CARD_PURCHASES_SHOWN = 60;

/** Card purchases as /bills lists them, newest first: each paid one, and its refund when given back. */
export function cardPurchasesOf(
  rows: Awaited<ReturnType<typeof billingRepository.cardPurchases>>,
): CardPurchase[] {
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
