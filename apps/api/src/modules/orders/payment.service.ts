import { Messages } from '@selfcare/domain';
import { UNPAID_STATUSES } from '@selfcare/domain/fulfilment';
import { type CheckoutInput, NumberType, OrderMessages, paymentVerdict } from '@selfcare/domain/order';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { type PaymentsClient, PaymentsUnavailableError } from '../../integrations/payments.ts';
import { readSignedEvent } from '../../integrations/webhooks.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import { draftRepository } from './draft.repository.ts';
import { requireOrdering } from './draft-data.ts';
import { saveOpenOrder } from './open-order.ts';
import { type AttemptRow, type OrderRow, orderRepository as repo } from './order.repository.ts';
import { chosenPromotion, completeDraft, priceOrder, type QuoteDeps } from './order-quote.ts';
import { PaymentSettlement, type SettlementDeps } from './payment-settlement.ts';

export interface PaymentDeps extends QuoteDeps, SettlementDeps {
  payments: PaymentsClient;
  webhookSecret: string;
}

/** Pending this long, an attempt is asked about; the gateway's card page lives an hour. */
const RECONCILE_AFTER_MS = 2 * 60_000;
const SESSION_LIFETIME_MS = 60 * 60_000;

/** The parts of a gateway event we read; anything else about it is the gateway's to say. */
const gatewayEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.string().max(100),
  data: z.object({
    object: z.object({
      metadata: z.object({ attemptId: z.uuid().optional() }).catchall(z.string()).nullish(),
    }),
  }),
});

const orderView = (o: OrderRow) => ({
  id: o.id,
  orderNumber: o.orderNumber,
  status: o.status,
  totalCents: o.totalCents,
  dueNowCents: o.dueNowCents,
  createdAt: o.createdAt.toISOString(),
});

/**
 * Step 5's payment. The order and a payment attempt are recorded before the customer is sent to
 * the gateway's card page; the attempt's id is the charge's idempotency key, and an attempt moves
 * from pending to its outcome exactly once, whether the customer's return, a retry or the gateway's
 * webhook gets there first. So a double click, a retry or a crash never charges twice.
 */
export class PaymentService {
  private readonly settlement: PaymentSettlement;

  constructor(private readonly deps: PaymentDeps) {
    this.settlement = new PaymentSettlement(deps);
  }

  private get db() {
    return this.deps.database.db;
  }

  /** Records the order and a payment attempt, and returns the gateway's card page to send the customer to. */
  async start(me: CurrentUser, input: CheckoutInput) {
    requireOrdering(me);
    const { row, data, held } = await completeDraft(this.deps, me);
    if (!held) {
      // The numbers went back to the pool: the customer chooses again.
      await draftRepository.save(this.db, me.id, {
        data: {
          ...data,
          numbers: {
            lines: data.numbers.lines.map((l) =>
              l.numberType === NumberType.New ? { ...l, msisdn: '' } : l,
            ),
          },
        },
        mvneReservationId: null,
        reservedNumbers: [],
        reservedUntil: null,
        updatedAt: this.deps.clock.now(),
      });
      throw new AppError(409, OrderMessages.orderTimeLimit);
    }
    const promotion = await chosenPromotion(this.deps, me, input.promotionCode);
    const { quote } = await priceOrder(this.deps, me, data, promotion);
    const now = this.deps.clock.now();
    const attempt = await this.deps.database.transaction(async (tx) => {
      // One checkout at a time per customer, and one live attempt per order: the page of an older
      // attempt can no longer pay, so one order cannot be paid twice or at a stale price.
      await repo.lockUser(tx.db, me.id);
      const order = await saveOpenOrder(
        tx,
        this.deps.catalog,
        me,
        row.mvneReservationId,
        data,
        quote,
        promotion,
        now,
      );
      await repo.voidLiveAttempts(tx.db, order.id, now);
      return repo.insertAttempt(tx.db, {
        orderId: order.id,
        userId: me.id,
        amountCents: quote.dueNowCents,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      });
    });
    const path = me.roadshow ? '/getStartedNoBill' : '/getStarted';
    const back = new URL(path, this.deps.publicUrl);
    back.searchParams.set('checkout', attempt.id);
    const cancel = new URL(back);
    cancel.searchParams.set('cancelled', '1');
    try {
      const session = await this.deps.payments.createSession(me.id, back.toString(), cancel.toString());
      await repo.updateAttempt(this.db, attempt.id, { gatewaySessionId: session.id, updatedAt: now });
      return { attemptId: attempt.id, redirectUrl: session.url };
    } catch (err) {
      if (!(err instanceof PaymentsUnavailableError)) throw err;
      await repo.settleAttempt(this.db, attempt.id, ['pending'], {
        status: 'failed',
        gatewayChargeId: null,
        failureCode: 'gateway_unavailable',
        updatedAt: now,
      });
      throw new AppError(503, OrderMessages.paymentsUnavailable);
    }
  }

  /** The customer is back from the card page: keep the card, charge it once, and place the order. */
  async complete(me: CurrentUser, attemptId: string) {
    const attempt = await repo.findAttempt(this.db, attemptId);
    if (!attempt || attempt.userId !== me.id) throw new AppError(404, Messages.notFound);
    if (attempt.status === 'succeeded') return this.outcome(attempt.id);
    if (attempt.status === 'void') throw await this.notPayable(attempt.orderId);
    if (attempt.status === 'failed') throw this.failure(attempt.failureCode);
    const order = await repo.findOrder(this.db, attempt.orderId);
    if (!order || !UNPAID_STATUSES.includes(order.status) || order.dueNowCents !== attempt.amountCents) {
      const voided = await repo.settleAttempt(this.db, attempt.id, ['pending'], {
        status: 'void',
        failureCode: 'stale',
        updatedAt: this.deps.clock.now(),
      });
      // Not voided: a concurrent completion of this very attempt settled it (a double click).
      if (!voided) return this.outcome(attempt.id);
      throw await this.notPayable(attempt.orderId);
    }
    let session: Awaited<ReturnType<PaymentsClient['session']>>;
    try {
      session = await this.deps.payments.session(attempt.gatewaySessionId ?? '');
    } catch (err) {
      if (err instanceof PaymentsUnavailableError) throw new AppError(503, OrderMessages.paymentNotConfirmed);
      throw err;
    }
    const card = session?.paymentMethod;
    if (session?.status !== 'complete' || !card) throw new AppError(409, OrderMessages.cardNotCompleted);
    const now = this.deps.clock.now();
    const paymentMethodId = await repo.savePaymentMethod(this.db, {
      userId: me.id,
      gatewayToken: card.id,
      brand: card.brand,
      funding: card.funding,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      holderName: card.holderName,
      createdAt: now,
    });
    await repo.updateAttempt(this.db, attempt.id, { paymentMethodId, updatedAt: now });
    if (attempt.amountCents === 0) {
      await this.settlement.settle(attempt.id, { status: 'succeeded', chargeId: null, failureCode: null });
      return this.outcome(attempt.id);
    }
    let charge: Awaited<ReturnType<PaymentsClient['charge']>>;
    try {
      charge = await this.deps.payments.charge(
        {
          amountCents: attempt.amountCents,
          token: card.id,
          metadata: { attemptId: attempt.id, orderId: attempt.orderId },
        },
        attempt.id,
      );
    } catch (err) {
      // Unknown outcome: the attempt stays pending; a retry (same idempotency key), the webhook or
      // the reconciler settles it.
      if (err instanceof PaymentsUnavailableError) throw new AppError(503, OrderMessages.paymentNotConfirmed);
      throw err;
    }
    const verdict = paymentVerdict(attempt, [charge]);
    if (!verdict) throw new AppError(503, OrderMessages.paymentNotConfirmed);
    await this.settlement.settle(attempt.id, verdict);
    return this.outcome(attempt.id);
  }

  /** What the customer sees once an attempt is settled: the order, or why it was not paid. */
  private async outcome(attemptId: string) {
    const attempt = (await repo.findAttempt(this.db, attemptId)) as AttemptRow;
    if (attempt.status === 'failed') throw this.failure(attempt.failureCode);
    if (attempt.status === 'void') throw await this.notPayable(attempt.orderId);
    if (await repo.refundOf(this.db, attempt.id)) throw await this.notPayable(attempt.orderId);
    const order = await repo.findOrder(this.db, attempt.orderId);
    if (!order) throw new AppError(404, Messages.notFound);
    return orderView(order);
  }

  /**
   * A gateway webhook, signed (`readSignedEvent`). The event only says which attempt to ask
   * about: the gateway's own record of that attempt's charges decides, and the event is marked
   * handled in the transaction that applies it, so a failure leaves it to the gateway's redelivery.
   */
  async receiveWebhook(raw: string, signature: string | undefined) {
    const event = readSignedEvent(this.deps.webhookSecret, raw, signature, gatewayEvent);
    if (event.type !== 'charge.succeeded' && event.type !== 'charge.failed') return;
    const attemptId = event.data.object.metadata?.attemptId;
    if (attemptId === undefined) return;
    if (await repo.webhookEventHandled(this.db, event.id)) return;
    const attempt = await repo.findAttempt(this.db, attemptId);
    if (!attempt) return;
    const verdict = await this.askGateway(attempt);
    // Nothing at the gateway for this attempt: not believed, and not marked handled either.
    if (!verdict) return;
    await this.settlement.settle(attempt.id, verdict, { id: event.id, type: event.type });
  }

  /**
   * Job: attempts left pending (the customer closed the page, a webhook was lost) are settled by the
   * gateway's word; one the gateway has nothing for after an hour, when its card page has expired,
   * is void.
   */
  async reconcile(): Promise<{ settled: number; expired: number }> {
    const now = this.deps.clock.now();
    const stale = await repo.pendingAttempts(this.db, new Date(now.getTime() - RECONCILE_AFTER_MS), 100);
    let settled = 0;
    let expired = 0;
    for (const attempt of stale) {
      const verdict = await this.askGateway(attempt);
      if (verdict) {
        await this.settlement.settle(attempt.id, verdict);
        settled++;
      } else if (attempt.updatedAt.getTime() < now.getTime() - SESSION_LIFETIME_MS) {
        if (
          await repo.settleAttempt(this.db, attempt.id, ['pending'], {
            status: 'void',
            failureCode: 'expired',
            updatedAt: now,
          })
        )
          expired++;
      }
    }
    return { settled, expired };
  }

  private async askGateway(attempt: AttemptRow) {
    try {
      return paymentVerdict(attempt, await this.deps.payments.chargesForAttempt(attempt.id));
    } catch (err) {
      if (err instanceof PaymentsUnavailableError) throw new AppError(503, OrderMessages.paymentNotConfirmed);
      throw err;
    }
  }

  /**
   * Why an attempt cannot pay (anything it took is refunded): its order was closed unpaid (ADR 0037),
   * or a newer page replaced it.
   */
  private async notPayable(orderId: string) {
    const order = await repo.findOrder(this.db, orderId);
    return new AppError(
      409,
      order?.status === 'Unsuccessful payment' ? OrderMessages.orderClosed : OrderMessages.paymentReplaced,
    );
  }

  private failure(code: string | null) {
    return code === 'insufficient_funds'
      ? new AppError(402, OrderMessages.paymentFailed, { advice: OrderMessages.paymentFailedAdvice })
      : new AppError(402, OrderMessages.cardWrong);
  }
}
