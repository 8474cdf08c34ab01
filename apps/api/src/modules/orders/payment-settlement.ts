import {
  CustomerStatus,
  chooseLocale,
  formatMoney,
  type Locale,
  type OrderStatus,
  type TypeSim,
} from '@selfcare/domain';
import { nextOrderStatus, OrderAction } from '@selfcare/domain/fulfilment';
import type { PaymentVerdict, Quote } from '@selfcare/domain/order';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { AccountService } from '../auth/index.ts';
import { sendEmailJob } from '../notifications/index.ts';
import { draftRepository } from './draft.repository.ts';
import type { CompleteDraft } from './draft-data.ts';
import { createInMvneJob } from './order.jobs.ts';
import { type AttemptRow, type OrderRow, orderRepository as repo } from './order.repository.ts';
import { quoteItemLabel } from './order-confirmation-email.ts';
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

export interface SettlementDeps {
  database: Database;
  clock: Clock;
  queue: Queue;
  /** Status changes go through the auth service, which forgets cached sessions once they commit. */
  statuses: Pick<AccountService, 'setCustomerStatus'>;
  porting: PortRequests;
  publicUrl: string;
  /** The language to write to a customer who has not chosen one (DEFAULT_LANGUAGE, ADR 0055). */
  defaultLocale: Locale;
}

/** Where every way of learning a payment's outcome (the return, the webhook, the reconciler) ends. */
export class PaymentSettlement {
  constructor(private readonly deps: SettlementDeps) {}

  /**
   * Applies the gateway's verdict on an attempt, once, in one transaction with `event` (a webhook
   * marked handled). Money taken places the order only when the attempt is its live one, for what
   * the order is due, and the order is still unpaid; any other charge (a second card, a replaced
   * page, a payment for an order closed unpaid) is refunded at once. Placing the order is its status, the customer's profile and status 1,
   * the MVNE hand-off and the confirmation email; the draft is done with.
   */
  async settle(attemptId: string, verdict: PaymentVerdict, event?: { id: string; type: string }) {
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
      // A closed order is not revived by money that came too late: what it held may be another's by
      // now. The payment goes back by the same durable refund as any other it cannot take (ADR 0037).
      const closed = order.status === 'Unsuccessful payment';
      const refundId = await repo.insertRefund(tx.db, {
        orderId: order.id,
        attemptId: attempt.id,
        amountCents: attempt.amountCents,
        reason: closed ? 'late-payment' : 'duplicate-payment',
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      });
      if (!refundId) return;
      await repo.addEvent(
        tx.db,
        order.id,
        now,
        closed ? 'late-payment' : 'payment-refused',
        formatMoney(attempt.amountCents),
      );
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
    const profile = order.profile as CompleteDraft['account'];
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
    await draftRepository.saveProfile(tx.db, order.userId, profileRow, now);
    const user = await this.deps.statuses.setCustomerStatus(tx, order.userId, CustomerStatus.Ordered, now);
    await draftRepository.remove(tx.db, order.userId);
    await this.deps.porting.createForOrder(
      tx,
      { id: order.id, userId: order.userId, idNumber: profile.idNumber },
      await repo.lines(tx.db, order.id),
      now,
    );
    await this.deps.queue.send(createInMvneJob, { orderId: order.id }, tx);
    const quote = order.quote as Quote;
    if (user?.email) {
      // In the customer's language, the quote's items named in it (ADR 0055).
      const locale = chooseLocale({ chosen: user.language, configured: this.deps.defaultLocale });
      await this.deps.queue.send(
        sendEmailJob,
        {
          to: user.email,
          locale,
          content: {
            template: 'order-confirmation',
            name: user.firstName,
            orderNumber: order.orderNumber,
            items: quote.items.map((i) => ({
              label: quoteItemLabel(i, locale),
              amount: formatMoney(i.amountCents),
            })),
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
