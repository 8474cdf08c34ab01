import { BillMessages, formatSgDateTime, Messages } from '@selfcare/domain';
import type { SavedCardView } from '@selfcare/domain/contracts/bills';
import { OrderMessages } from '@selfcare/domain/order';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type PaymentsClient, PaymentsUnavailableError } from '../../integrations/payments.ts';
import { queueNotice } from '../auth/index.ts';
import { type BillReceiptDeps, cardOnReceipt } from './bill-receipts.ts';
import type { CardsOnFile } from './cards-on-file.ts';

/** A card as /bills and the staff console show it: no token, no id. */
export const savedCardView = (c: SavedCardView): SavedCardView => ({
  holderName: c.holderName,
  brand: c.brand,
  funding: c.funding,
  last4: c.last4,
  expMonth: c.expMonth,
  expYear: c.expYear,
});

export const CardMessages = {
  notCompleted: 'Your card details were not completed. Please try again.',
} as const;

/**
 * The card bills are paid with, changed on the gateway's hosted page (card numbers never reach us).
 * The customer comes back with the page's session id; the card is taken only from a completed
 * session the gateway says was opened for this customer.
 */
export class SavedCard {
  constructor(
    private readonly deps: {
      database: Database;
      clock: Clock;
      payments: PaymentsClient;
      cards: Pick<CardsOnFile, 'save'>;
    } & BillReceiptDeps,
  ) {}

  /** Opens the gateway's card page; the customer returns to /bills with its session id. */
  async start(userId: string): Promise<{ redirectUrl: string }> {
    const back = new URL('/bills', this.deps.publicUrl);
    back.searchParams.set('card', 'changed');
    try {
      const session = await this.deps.payments.createSession(
        userId,
        back.toString(),
        new URL('/bills', this.deps.publicUrl).toString(),
      );
      return { redirectUrl: session.url };
    } catch (err) {
      if (err instanceof PaymentsUnavailableError) throw new AppError(503, BillMessages.paymentsUnavailable);
      throw err;
    }
  }

  /** Keeps the card of a completed session of this customer's as the one bills are paid with. */
  async complete(userId: string, sessionId: string): Promise<SavedCardView> {
    let session: Awaited<ReturnType<PaymentsClient['session']>>;
    try {
      session = await this.deps.payments.session(sessionId);
    } catch (err) {
      if (err instanceof PaymentsUnavailableError) throw new AppError(503, BillMessages.paymentsUnavailable);
      throw err;
    }
    // Another customer's session, or one the gateway does not know: nothing to see here.
    if (!session || session.customerRef !== userId) throw new AppError(404, Messages.notFound);
    const card = session.paymentMethod;
    if (session.status !== 'complete' || !card) throw new AppError(409, CardMessages.notCompleted);
    // The card is checked with its issuer before it replaces the one bills are paid with: a card with
    // wrong details was once kept with 'Change credit card successfully' and failed every charge after.
    let declined: string | null;
    try {
      declined = await this.deps.payments.verify(card.id);
    } catch (err) {
      if (err instanceof PaymentsUnavailableError) throw new AppError(503, BillMessages.paymentsUnavailable);
      throw err;
    }
    if (declined) throw new AppError(422, OrderMessages.cardWrong);
    const now = this.deps.clock.now();
    await this.deps.database.transaction(async (tx) => {
      const saved = await this.deps.cards.save(tx.db, {
        userId,
        gatewayToken: card.id,
        brand: card.brand,
        funding: card.funding,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        holderName: card.holderName,
        createdAt: now,
      });
      // The same page's card saved again (a reload of the return page) is not a change to tell.
      if (saved.isNew)
        // Its moment as the account's language writes it (ADR 0055).
        await queueNotice(tx, this.deps, userId, `card:${saved.id}`, (locale) => ({
          template: 'security-alert',
          event: 'card-changed',
          detail: cardOnReceipt(card),
          at: formatSgDateTime(now, locale),
          link: new URL('/bills', this.deps.publicUrl).toString(),
        }));
    });
    return savedCardView(card);
  }
}
