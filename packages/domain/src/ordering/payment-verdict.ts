/** What the card gateway holds of one charge. */
export interface GatewayCharge {
  id: string;
  status: 'succeeded' | 'failed';
  failureCode: string | null;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

/** Every payment is in Singapore dollars. */
export const CURRENCY = 'SGD';

export interface PaymentVerdict {
  status: 'succeeded' | 'failed';
  chargeId: string | null;
  failureCode: string | null;
}

/**
 * What the gateway's charges say of a payment attempt: paid only by a succeeded charge made for that
 * attempt with its amount and currency; failed by a failed one; null while the gateway holds none
 * (a webhook claiming otherwise is not believed).
 */
export function paymentVerdict(
  attempt: { id: string; amountCents: number },
  charges: readonly GatewayCharge[],
): PaymentVerdict | null {
  const ours = charges.filter(
    (c) => c.metadata.attemptId === attempt.id && c.amount === attempt.amountCents && c.currency === CURRENCY,
  );
  const paid = ours.find((c) => c.status === 'succeeded');
  if (paid) return { status: 'succeeded', chargeId: paid.id, failureCode: null };
  const failed = ours.find((c) => c.status === 'failed');
  if (failed) return { status: 'failed', chargeId: failed.id, failureCode: failed.failureCode };
  return null;
}
