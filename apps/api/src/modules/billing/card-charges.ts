import { paymentVerdict } from '@selfcare/domain/order';
import type { Database } from '../../db/client.ts';
import { type PaymentsClient, PaymentsUnavailableError } from '../../integrations/payments.ts';
import type { CardsOnFile } from './cards-on-file.ts';

/** A one-time charge's outcome: `unknown` when the gateway did not answer (ask again with the key). */
export type CardChargeOutcome =
  | { status: 'succeeded'; chargeId: string }
  | { status: 'failed'; chargeId: string | null; failureCode: string | null }
  | { status: 'unknown' };

const toOutcome = (v: NonNullable<ReturnType<typeof paymentVerdict>>): CardChargeOutcome =>
  v.status === 'succeeded'
    ? { status: 'succeeded', chargeId: v.chargeId as string }
    : { status: 'failed', chargeId: v.chargeId, failureCode: v.failureCode };

/**
 * One-time purchases paid at once by the account's saved card (ADR 0024): a booster, a top-up, a
 * roaming pack. The caller's key is the gateway's idempotency key and is in the charge's metadata,
 * so a retry, a second click or a reconciliation after a lost answer makes one charge at most.
 */
export class CardCharges {
  constructor(
    private readonly deps: {
      database: Database;
      payments: PaymentsClient;
      cards: Pick<CardsOnFile, 'latest'>;
    },
  ) {}

  /** The card purchases are charged to, as the customer reads it before confirming; null when none. */
  async savedCard(userId: string) {
    const card = await this.deps.cards.latest(this.deps.database.db, userId);
    return card
      ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }
      : null;
  }

  async charge(
    userId: string,
    amountCents: number,
    key: string,
    metadata: Record<string, string>,
  ): Promise<CardChargeOutcome> {
    try {
      // A charge made under this key before (an answer lost) is the outcome: never a second one.
      const earlier = paymentVerdict(
        { id: key, amountCents },
        await this.deps.payments.chargesForAttempt(key),
      );
      if (earlier) return toOutcome(earlier);
    } catch (err) {
      if (err instanceof PaymentsUnavailableError) return { status: 'unknown' };
      throw err;
    }
    const card = await this.deps.cards.latest(this.deps.database.db, userId);
    if (!card) return { status: 'failed', chargeId: null, failureCode: 'no_card' };
    try {
      const charge = await this.deps.payments.charge(
        { amountCents, token: card.gatewayToken, metadata: { ...metadata, attemptId: key } },
        key,
      );
      const verdict = paymentVerdict({ id: key, amountCents }, [charge]);
      return verdict ? toOutcome(verdict) : { status: 'unknown' };
    } catch (err) {
      if (err instanceof PaymentsUnavailableError) return { status: 'unknown' };
      throw err;
    }
  }

  /** Gives a charge back (a purchase that could not be set up); the key makes it once. */
  async refund(chargeId: string, amountCents: number, key: string) {
    await this.deps.payments.refund(chargeId, amountCents, key);
  }
}
