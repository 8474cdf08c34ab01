import { CustomerStatus, formatMoney, Messages, type OrderStatus, type TypeSim } from '@selfcare/domain';
import { nextOrderStatus, OrderAction, UNPAID_STATUSES } from '@selfcare/domain/fulfilment';
import {
  type CheckoutInput,
  lineLabel,
  NETWORKS,
  NumberType,
  OrderMessages,
  type PaymentVerdict,
  type Promotion,
  paymentVerdict,
  type Quote,
  quoteOrder,
  type SummaryLine,
} from '@selfcare/domain/order';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import { customerProfiles, orderDrafts } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { type PaymentsClient, PaymentsUnavailableError } from '../../integrations/payments.ts';
import { readSignedEvent } from '../../integrations/webhooks.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { CurrentUser } from '../../plugins/auth.ts';
import type { AccountService } from '../auth/index.ts';
import type { CatalogService } from '../catalog/index.ts';
import { sendEmailJob } from '../notifications/index.ts';
import { draftRepository } from './draft.repository.ts';
import { createInMvneJob } from './order.jobs.ts';
import { type AttemptRow, type OrderRow, orderRepository as repo } from './order.repository.ts';
import { type DraftData, requireOrdering } from './orders.service.ts';
import { refundJob } from './payment.jobs.ts';

/** The port-in requests a placed order opens, one per line that keeps its number: lines provides it. */
export interface PortRequests {
  createForOrder(
    tx: Tx,
    order: { id: string; userId: string; idNumber: string },
    lines: { id: string; numberType: string; msisdn: string; donorNetwork: number | null }[],
    now: Date,
  ): Promise<void>;
}

export interface CheckoutDeps {
  database: Database;
  clock: Clock;
  catalog: CatalogService;
  payments: PaymentsClient;
  queue: Queue;
  /** Status changes go through the auth service, which forgets cached sessions once they commit. */
  statuses: Pick<AccountService, 'setCustomerStatus'>;
  porting: PortRequests;
  publicUrl: string;
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

type Complete = Required<Pick<DraftData, 'plan' | 'numbers' | 'account' | 'delivery'>>;

const orderView = (o: OrderRow) => ({
  id: o.id,
  orderNumber: o.orderNumber,
  status: o.status,
  totalCents: o.totalCents,
  dueNowCents: o.dueNowCents,
  createdAt: o.createdAt.toISOString(),
});

/**
 * Step 5 and payment. The order and a payment attempt are recorded before the customer is sent to
 * the gateway's card page; the attempt's id is the charge's idempotency key, and an attempt moves
 * from pending to its outcome exactly once, whether the customer's return, a retry or the gateway's
 * webhook gets there first. So a double click, a retry or a crash never charges twice.
 */
export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /** The draft, all four steps done, and the hold on its new numbers still running. */
  private async completeDraft(me: CurrentUser) {
    const row = await draftRepository.find(this.db, me.id);
    const data = (row?.data ?? {}) as DraftData;
    if (!row || !data.plan || !data.numbers || !data.account || !data.delivery)
      throw new AppError(409, OrderMessages.orderIncomplete);
    const wanted = data.numbers.lines.filter((l) => l.numberType === NumberType.New).map((l) => l.msisdn);
    const held =
      wanted.length === 0 ||
      (row.reservedUntil !== null &&
        row.reservedUntil > this.deps.clock.now() &&
        wanted.every((n) => row.reservedNumbers.includes(n)));
    return { row, data: data as Complete, held };
  }

  private async quote(me: CurrentUser, data: Complete, promotion: Promotion | null) {
    const [plans, addons] = await Promise.all([
      this.deps.catalog.plansFor(me.cisTypes),
      this.deps.catalog.addons(),
    ]);
    const lines: SummaryLine[] = [];
    const quoteLines = data.plan.lines.map((choice, i) => {
      const plan = plans.find((p) => p.code === choice.planCode);
      if (!plan) throw AppError.field(`lines.${i}.planCode`, OrderMessages.choosePlan, 409);
      const chosen = choice.addonCodes.map((c) => addons.find((a) => a.code === c)).filter((a) => !!a);
      const number = data.numbers.lines[i];
      if (!number) throw new AppError(409, OrderMessages.orderIncomplete);
      lines.push({
        label: lineLabel(i),
        planName: plan.name,
        addons: chosen.map((a) => a.name),
        numberType: number.numberType,
        msisdn: number.msisdn,
        donorNetwork: number.donorNetwork === null ? null : (NETWORKS[number.donorNetwork] ?? null),
      });
      return {
        label: lineLabel(i),
        planName: plan.name,
        planCents: plan.monthlyCents,
        addons: chosen.map((a) => ({ name: a.name, cents: a.monthlyCents })),
        numberType: number.numberType,
      };
    });
    const quote = quoteOrder({
      lines: quoteLines,
      deliveryMethod: data.delivery.deliveryMethod,
      promotion,
      fees: this.deps.catalog.fees,
      chargeNow: !me.roadshow,
    });
    return { lines, quote };
  }

  private async promotion(me: CurrentUser, code: string | null | undefined): Promise<Promotion | null> {
    if (!code?.trim()) return null;
    const held = (await repo.openOrder(this.db, me.id))?.promotionCode ?? null;
    return this.deps.catalog.promotion(code, this.deps.clock.now(), held);
  }

  async summary(me: CurrentUser, promotionCode?: string | null) {
    requireOrdering(me);
    const { row, data, held } = await this.completeDraft(me);
    const { lines, quote } = await this.quote(me, data, await this.promotion(me, promotionCode));
    return {
      lines,
      quote,
      roadshow: me.roadshow,
      typeSim: data.plan.typeSim,
      delivery: data.delivery,
      account: {
        fullName: data.account.fullName,
        idNumber: data.account.idNumber,
        contactNumber: data.account.contactNumber,
      },
      reservationUntil: held && row.reservedUntil ? row.reservedUntil.toISOString() : null,
    };
  }

  /** Records the order and a payment attempt, and returns the gateway's card page to send the customer to. */
  async start(me: CurrentUser, input: CheckoutInput) {
    requireOrdering(me);
    const { row, data, held } = await this.completeDraft(me);
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
    const promotion = await this.promotion(me, input.promotionCode);
    const { quote } = await this.quote(me, data, promotion);
    const now = this.deps.clock.now();
    const attempt = await this.deps.database.transaction(async (tx) => {
      // One checkout at a time per customer, and one live attempt per order: the page of an older
      // attempt can no longer pay, so one order cannot be paid twice or at a stale price.
      await repo.lockUser(tx.db, me.id);
      const order = await this.saveOrder(tx, me, row.mvneReservationId, data, quote, promotion, now);
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

  /** One open (unpaid) order per customer: paying again updates it rather than adding another. */
  private async saveOrder(
    tx: Tx,
    me: CurrentUser,
    reservationId: string | null,
    data: Complete,
    quote: Quote,
    promotion: Promotion | null,
    now: Date,
  ) {
    const open = await repo.openOrder(tx.db, me.id);
    const status = nextOrderStatus(open?.status ?? null, OrderAction.CheckoutStarted, data.plan.typeSim);
    // openOrder finds only unpaid orders, which a checkout may always start again.
    if (!status) throw new Error(`order ${open?.id} cannot start a checkout from '${open?.status}'`);
    const values = {
      status,
      roadshow: me.roadshow,
      typeSim: data.plan.typeSim,
      deliveryMethod: data.delivery.deliveryMethod,
      deliveryDate: data.delivery.deliveryDate ?? null,
      deliveryAddress: data.delivery.delivery ?? null,
      billingAddress: data.delivery.billing ?? data.delivery.delivery,
      profile: data.account,
      promotionCode: promotion?.code ?? null,
      quote,
      totalCents: quote.totalCents,
      dueNowCents: quote.dueNowCents,
      mvneReservationId: reservationId,
      updatedAt: now,
    };
    // A code counts against its cap once per order that holds it, taken or given back here.
    const held = open?.promotionCode ?? null;
    const wanted = promotion?.code ?? null;
    if (wanted !== held) {
      if (held) await this.deps.catalog.release(tx.db, held);
      if (wanted) await this.deps.catalog.redeem(tx.db, wanted);
    }
    const order = open
      ? { ...open, ...values }
      : await repo.insertOrder(tx.db, {
          ...values,
          orderNumber: await repo.nextOrderNumber(tx.db),
          userId: me.id,
          createdAt: now,
        });
    if (open) await repo.updateOrder(tx.db, open.id, values);
    await repo.replaceLines(
      tx.db,
      order.id,
      data.plan.lines.map((l, i) => {
        const n = data.numbers.lines[i] as Complete['numbers']['lines'][number];
        return {
          position: i,
          planCode: l.planCode,
          addonCodes: l.addonCodes,
          numberType: n.numberType,
          msisdn: n.msisdn,
          donorNetwork: n.donorNetwork,
        };
      }),
    );
    await repo.addEvent(tx.db, order.id, now, open ? 'order-updated' : 'order-created');
    return order;
  }

  /** The customer is back from the card page: keep the card, charge it once, and place the order. */
  async complete(me: CurrentUser, attemptId: string) {
    const attempt = await repo.findAttempt(this.db, attemptId);
    if (!attempt || attempt.userId !== me.id) throw new AppError(404, Messages.notFound);
    if (attempt.status === 'succeeded') return this.outcome(attempt.id);
    if (attempt.status === 'void') throw new AppError(409, OrderMessages.paymentReplaced);
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
      throw new AppError(409, OrderMessages.paymentReplaced);
    }
    let session: Awaited<ReturnType<PaymentsClient['session']>>;
    try {
      session = await this.deps.payments.session(attempt.gatewaySessionId ?? '');
    } catch (err) {
      if (err instanceof PaymentsUnavailableError) throw new AppError(503, OrderMessages.paymentNotConfirmed);
      throw err;
    }
    const card = session.paymentMethod;
    if (session.status !== 'complete' || !card) throw new AppError(409, OrderMessages.cardNotCompleted);
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
      await this.settle(attempt.id, { status: 'succeeded', chargeId: null, failureCode: null });
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
    await this.settle(attempt.id, verdict);
    return this.outcome(attempt.id);
  }

  /** What the customer sees once an attempt is settled: the order, or why it was not paid. */
  private async outcome(attemptId: string) {
    const attempt = (await repo.findAttempt(this.db, attemptId)) as AttemptRow;
    if (attempt.status === 'failed') throw this.failure(attempt.failureCode);
    if (attempt.status === 'void') throw new AppError(409, OrderMessages.paymentReplaced);
    if (await repo.refundOf(this.db, attempt.id)) throw new AppError(409, OrderMessages.paymentReplaced);
    return this.view(attempt.orderId);
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
    await this.settle(attempt.id, verdict, { id: event.id, type: event.type });
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
        await this.settle(attempt.id, verdict);
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

  private failure(code: string | null) {
    return code === 'insufficient_funds'
      ? new AppError(402, OrderMessages.paymentFailed, { advice: OrderMessages.paymentFailedAdvice })
      : new AppError(402, OrderMessages.cardWrong);
  }

  private async view(orderId: string) {
    const order = await repo.findOrder(this.db, orderId);
    if (!order) throw new AppError(404, Messages.notFound);
    return orderView(order);
  }

  /**
   * Applies the gateway's verdict on an attempt, once, in one transaction with `event` (a webhook
   * marked handled). Money taken places the order only when the attempt is its live one, for what
   * the order is due, and the order is still unpaid; any other charge (a second card, a replaced
   * page) is refunded at once. Placing the order is its status, the customer's profile and status 1,
   * the MVNE hand-off and the confirmation email; the draft is done with.
   */
  private async settle(attemptId: string, verdict: PaymentVerdict, event?: { id: string; type: string }) {
    await this.deps.database.transaction(async (tx) => {
      const now = this.deps.clock.now();
      if (event && !(await repo.recordWebhookEvent(tx.db, event.id, event.type, now))) return;
      const found = await repo.findAttempt(tx.db, attemptId);
      if (!found) return;
      const order = await repo.lockOrder(tx.db, found.orderId);
      const attempt = await repo.findAttempt(tx.db, attemptId);
      if (!order || !attempt || attempt.status === 'succeeded') return;
      if (verdict.status === 'failed') {
        if (attempt.status !== 'pending') return;
        await repo.settleAttempt(tx.db, attempt.id, ['pending'], {
          status: 'failed',
          gatewayChargeId: verdict.chargeId,
          failureCode: verdict.failureCode,
          updatedAt: now,
        });
        const failed = nextOrderStatus(order.status, OrderAction.PaymentFailed, order.typeSim as TypeSim);
        if (failed) {
          await repo.updateOrder(tx.db, order.id, { status: failed, updatedAt: now });
          await repo.addEvent(tx.db, order.id, now, 'payment-failed', verdict.failureCode ?? '');
        }
        return;
      }
      const placed = nextOrderStatus(
        order.status,
        order.roadshow ? OrderAction.RoadshowCardSaved : OrderAction.PaymentSucceeded,
        order.typeSim as TypeSim,
      );
      const payable =
        attempt.status === 'pending' && placed !== null && attempt.amountCents === order.dueNowCents;
      await repo.settleAttempt(tx.db, attempt.id, ['pending', 'void', 'failed'], {
        status: 'succeeded',
        gatewayChargeId: verdict.chargeId,
        failureCode: null,
        updatedAt: now,
      });
      if (payable) {
        await this.place(tx, order, attempt, placed, now);
        return;
      }
      if (attempt.amountCents <= 0 || !verdict.chargeId) return;
      const refundId = await repo.insertRefund(tx.db, {
        orderId: order.id,
        attemptId: attempt.id,
        amountCents: attempt.amountCents,
        reason: 'duplicate-payment',
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      });
      if (!refundId) return;
      await repo.addEvent(tx.db, order.id, now, 'payment-refused', formatMoney(attempt.amountCents));
      await this.deps.queue.send(refundJob, { refundId }, tx);
    });
  }

  private async place(tx: Tx, order: OrderRow, attempt: AttemptRow, status: OrderStatus, now: Date) {
    const paid = attempt.amountCents > 0;
    await repo.updateOrder(tx.db, order.id, {
      status,
      paidAt: paid ? now : null,
      updatedAt: now,
    });
    await repo.addEvent(
      tx.db,
      order.id,
      now,
      paid ? 'paid' : 'card-saved',
      paid ? formatMoney(attempt.amountCents) : '',
    );
    const profile = order.profile as Complete['account'];
    const profileRow = {
      salutation: profile.salutation,
      givenName: profile.givenName,
      familyName: profile.familyName,
      fullName: profile.fullName,
      dateOfBirth: profile.dateOfBirth,
      contactNumber: profile.contactNumber,
      idType: profile.idType,
      idNumber: profile.idNumber,
      idIssueDate: profile.idIssueDate,
      idExpiryDate: profile.idExpiryDate ?? null,
      passType: profile.passType ?? null,
      passStatus: profile.passStatus ?? null,
      passExpiry: profile.passExpiry ?? null,
      employer: profile.employer ?? null,
      marketing: profile.marketing,
      myinfoVerified: profile.myinfoVerified ?? [],
      updatedAt: now,
    };
    await tx.db
      .insert(customerProfiles)
      .values({ ...profileRow, userId: order.userId, createdAt: now })
      .onConflictDoUpdate({ target: customerProfiles.userId, set: profileRow });
    const user = await this.deps.statuses.setCustomerStatus(tx, order.userId, CustomerStatus.Ordered, now);
    await tx.db.delete(orderDrafts).where(eq(orderDrafts.userId, order.userId));
    await this.deps.porting.createForOrder(
      tx,
      { id: order.id, userId: order.userId, idNumber: profile.idNumber },
      await repo.lines(tx.db, order.id),
      now,
    );
    await this.deps.queue.send(createInMvneJob, { orderId: order.id }, tx);
    const quote = order.quote as Quote;
    if (user?.email) {
      await this.deps.queue.send(
        sendEmailJob,
        {
          to: user.email,
          content: {
            template: 'order-confirmation',
            name: user.firstName,
            orderNumber: order.orderNumber,
            items: quote.items.map((i) => ({ label: i.label, amount: formatMoney(i.amountCents) })),
            total: formatMoney(quote.totalCents),
            gst: formatMoney(quote.gstCents),
            gstPercent: quote.gstPercent,
            charged: formatMoney(quote.dueNowCents),
            link: new URL('/myAccount', this.deps.publicUrl).toString(),
          },
        },
        tx,
      );
    }
  }
}
