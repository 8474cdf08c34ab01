import {
  BillMessages,
  ChargeMessages,
  cardName,
  Messages,
  payNowBeforeDeduction,
  payNowQrExpiresOn,
} from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { BillPayment, PayNowQr } from '@selfcare/domain/contracts/bills';
import { paymentVerdict } from '@selfcare/domain/order';
import { payNowQr } from '@selfcare/domain/paynow';
import QRCode from 'qrcode';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type BankClient, type BankCredit, BankUnavailableError } from '../../integrations/bank.ts';
import { type PaymentsClient, PaymentsUnavailableError } from '../../integrations/payments.ts';
import { readSignedEvent } from '../../integrations/webhooks.ts';
import type { BankCredits } from './bank-credits.ts';
import { type BillPaymentRow, billPaymentsRepository as repo } from './bill-payments.repository.ts';
import { type BillReceiptDeps, cardOnReceipt, queueBillReceipts } from './bill-receipts.ts';
import { type BillRow, billingRepository } from './billing.repository.ts';
import type { CardsOnFile } from './cards-on-file.ts';

export interface BillPaymentsDeps extends BillReceiptDeps {
  database: Database;
  clock: Clock;
  payments: PaymentsClient;
  bank: BankClient;
  bankCredits: BankCredits;
  bankWebhookSecret: string;
  operator: { name: string; uen: string };
  /** The account's cards on file, which orders keep (ADR 0045). */
  cards: CardsOnFile;
}

/** Pending this long, a card payment is asked about (and charged again with the same key). */
const RECONCILE_AFTER_MS = 60_000;

const bankEvent = z.object({
  id: z.string().min(1).max(200),
  type: z.string().max(100),
  data: z.object({ object: z.object({ id: z.string().min(1).max(100) }) }),
});

/**
 * Paying a bill (ADR 0023): by the saved card, charged once per payment whatever the clicks, retries
 * or webhooks, and counted only on the gateway's word; by PayNow, a QR for the bill's reference, the
 * customer's "I have paid" shown as Payment pending, and the bank's credit (asked of the bank, never
 * taken from the event) applied once. Money that arrives for a bill already paid is refunded to the
 * card at once, or for PayNow credited to the next bill.
 */
export class BillPayments {
  constructor(private readonly deps: BillPaymentsDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  /** Opens a card payment of what is left on the bill (or joins the one in flight) and charges it. */
  async payByCard(userId: string, billId: string): Promise<BillPayment> {
    const payment = await this.deps.database.transaction(async (tx) => {
      const bill = await repo.lockOwnBill(tx.db, userId, billId);
      if (!bill) throw new AppError(404, Messages.notFound);
      const live = await repo.liveCardPayment(tx.db, bill.id);
      if (live) return live;
      if (bill.state === 'paid') throw new AppError(409, BillMessages.alreadyPaid);
      if (bill.state === 'pending') throw new AppError(409, BillMessages.paymentPending);
      const outstanding = bill.totalCents - bill.paidCents;
      if (outstanding <= 0) throw new AppError(409, BillMessages.nothingDue);
      const card = await this.deps.cards.latest(tx.db, userId);
      if (!card) throw new AppError(409, BillMessages.noCard);
      const now = this.deps.clock.now();
      return repo.insert(tx.db, {
        billId: bill.id,
        userId,
        method: 'card',
        amountCents: outstanding,
        state: 'pending',
        paymentMethodId: card.id,
        createdAt: now,
        updatedAt: now,
      });
    });
    await this.charge(payment);
    return this.view(userId, payment.id);
  }

  /**
   * Job: deduction try `attempt` of a bill (ADR 0023), made once (the bill and the try are its key)
   * and charged to the saved card; without a card it fails at once, to be told like any failure.
   */
  async deduct(billId: string, attempt: number): Promise<void> {
    const payment = await this.deps.database.transaction(async (tx) => {
      const bill = await repo.lockBill(tx.db, billId);
      if (!bill || bill.state === 'paid' || bill.totalCents <= bill.paidCents) return null;
      if (await repo.liveCardPayment(tx.db, bill.id)) return null;
      const card = await this.deps.cards.latest(tx.db, bill.userId);
      const now = this.deps.clock.now();
      const row = await repo.insertDeduction(tx.db, {
        billId: bill.id,
        userId: bill.userId,
        method: 'deduction',
        attempt,
        amountCents: bill.totalCents - bill.paidCents,
        state: card ? 'pending' : 'failed',
        failureCode: card ? null : 'no_card',
        paymentMethodId: card?.id ?? null,
        createdAt: now,
        updatedAt: now,
        settledAt: card ? null : now,
      });
      return row?.state === 'pending' ? row : null;
    });
    if (payment) await this.charge(payment);
  }

  /** Charges a pending card payment at the gateway, its id the idempotency key, and settles it. */
  private async charge(payment: BillPaymentRow) {
    const card = payment.paymentMethodId
      ? await this.deps.cards.byId(this.db, payment.paymentMethodId)
      : undefined;
    if (!card) return;
    try {
      const charge = await this.deps.payments.charge(
        {
          amountCents: payment.amountCents,
          token: card.gatewayToken,
          metadata: { attemptId: payment.id, billId: payment.billId },
        },
        payment.id,
      );
      const verdict = paymentVerdict(payment, [charge]);
      if (verdict) await this.settleCard(payment, verdict);
    } catch (err) {
      // Unknown outcome: the payment stays pending and the reconciler asks again with the same key.
      if (!(err instanceof PaymentsUnavailableError)) throw err;
    }
  }

  private async settleCard(
    payment: BillPaymentRow,
    verdict: { status: 'succeeded' | 'failed'; chargeId: string | null; failureCode: string | null },
  ) {
    const now = this.deps.clock.now();
    const overpaid = await this.deps.database.transaction(async (tx) => {
      const bill = (await repo.lockBill(tx.db, payment.billId)) as BillRow;
      const settled = await repo.settle(
        tx.db,
        payment.id,
        { state: verdict.status, gatewayChargeId: verdict.chargeId, failureCode: verdict.failureCode },
        now,
      );
      if (!settled || verdict.status !== 'succeeded') return false;
      // Paid meanwhile by PayNow: this charge is the second payment, and goes back at once.
      if (bill.state === 'paid') return true;
      // Part paid meanwhile: what the bill no longer needed is a credit on the next one.
      const applied = Math.min(payment.amountCents, Math.max(0, bill.totalCents - bill.paidCents));
      await repo.applyToBill(tx.db, bill.id, applied, now);
      if (bill.paidCents + applied >= bill.totalCents) await repo.voidClaims(tx.db, [bill.id], now);
      const card = payment.paymentMethodId
        ? await this.deps.cards.byId(tx.db, payment.paymentMethodId)
        : undefined;
      await queueBillReceipts(tx, this.deps, [
        {
          key: payment.id,
          userId: payment.userId,
          bill: { ...bill, paidCents: bill.paidCents + applied },
          amountCents: payment.amountCents,
          paidWith: cardOnReceipt(card),
          at: now,
        },
      ]);
      if (payment.amountCents > applied)
        await repo.creditOverpayment(
          tx.db,
          payment.userId,
          payment.amountCents - applied,
          ChargeMessages.cardNotNeeded(bill.number),
          `overpaid:${payment.id}`,
          now,
        );
      return false;
    });
    if (!overpaid || !verdict.chargeId) return;
    try {
      await this.deps.payments.refund(verdict.chargeId, payment.amountCents, `${payment.id}:refund`);
      await repo.markRefunded(this.db, payment.id, now);
    } catch (err) {
      if (!(err instanceof PaymentsUnavailableError)) throw err;
      await repo.creditOverpayment(
        this.db,
        payment.userId,
        payment.amountCents,
        ChargeMessages.paidTwice,
        `overpaid:${payment.id}`,
        now,
      );
    }
  }

  /** A payment as its owner follows it; another's is not found. */
  async view(userId: string, paymentId: string): Promise<BillPayment> {
    const p = await repo.find(this.db, paymentId);
    if (!p || p.userId !== userId) throw new AppError(404, Messages.notFound);
    const bill = (await billingRepository.ownBill(this.db, userId, p.billId)) as BillRow;
    const card = p.paymentMethodId ? await this.deps.cards.byId(this.db, p.paymentMethodId) : undefined;
    const failed = p.state === 'failed';
    return {
      id: p.id,
      billId: p.billId,
      billNumber: bill.number,
      month: bill.month,
      method: p.method,
      amountCents: p.amountCents,
      status: p.state,
      card: card ? cardName(card) : null,
      message: failed
        ? BillMessages.deductionFailed
        : p.state === 'pending' && p.method !== 'paynow'
          ? BillMessages.paymentNotConfirmed
          : null,
      advice: failed ? BillMessages.deductionFailedAdvice : null,
    };
  }

  /** A fresh PayNow QR for what is left to pay, with the spec's rules that apply today. */
  async payNow(userId: string, billId: string): Promise<PayNowQr> {
    const bill = await billingRepository.ownBill(this.db, userId, billId);
    if (!bill) throw new AppError(404, Messages.notFound);
    if (bill.state === 'paid') throw new AppError(409, BillMessages.alreadyPaid);
    const amountCents = bill.totalCents - bill.paidCents;
    if (amountCents <= 0) throw new AppError(409, BillMessages.nothingDue);
    const today = sgDate(this.deps.clock.now());
    const expiresOn = payNowQrExpiresOn(today, bill.dueOn);
    const { operator } = this.deps;
    const payload = payNowQr({
      uen: operator.uen,
      amountCents,
      reference: bill.number,
      merchantName: operator.name,
      merchantCity: 'Singapore',
      expiresOn,
    });
    const svg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
    const notices: string[] = [BillMessages.payNowTakes];
    if (!payNowBeforeDeduction(today, bill.dueOn) && today <= bill.dueOn)
      notices.push(BillMessages.payNowCutoff);
    return { payload, svg, uen: operator.uen, reference: bill.number, amountCents, expiresOn, notices };
  }

  /** The customer says they paid by PayNow: the bill is Payment pending until the bank credits it. */
  async payNowSent(userId: string, billId: string): Promise<BillPayment> {
    const payment = await this.deps.database.transaction(async (tx) => {
      const bill = await repo.lockOwnBill(tx.db, userId, billId);
      if (!bill) throw new AppError(404, Messages.notFound);
      const pending = await repo.pendingPayNow(tx.db, bill.id);
      if (pending) return pending;
      if (bill.state === 'paid') throw new AppError(409, BillMessages.alreadyPaid);
      // A card charge on its way may pay the bill any moment: a claim now would outlive it.
      if (await repo.liveCardPayment(tx.db, bill.id)) throw new AppError(409, BillMessages.paymentPending);
      const now = this.deps.clock.now();
      await repo.setBillState(tx.db, bill.id, 'pending');
      return repo.insert(tx.db, {
        billId: bill.id,
        userId,
        method: 'paynow',
        amountCents: bill.totalCents - bill.paidCents,
        state: 'pending',
        createdAt: now,
        updatedAt: now,
      });
    });
    return this.view(userId, payment.id);
  }

  /**
   * The customer takes back "I have paid by PayNow" while the bank has not credited it (they tapped it
   * before paying, or the transfer did not go through): the claim is void and the bill Due Now again,
   * with its QR and the card. Money the bank credits later still pays the bill by its reference.
   */
  async withdrawPayNowClaim(userId: string, billId: string): Promise<BillPayment> {
    const payment = await this.deps.database.transaction(async (tx) => {
      const bill = await repo.lockOwnBill(tx.db, userId, billId);
      if (!bill) throw new AppError(404, Messages.notFound);
      const pending = await repo.pendingPayNow(tx.db, bill.id);
      if (!pending) {
        if (bill.state === 'paid') throw new AppError(409, BillMessages.alreadyPaid);
        throw new AppError(409, BillMessages.noPayNowClaim);
      }
      const now = this.deps.clock.now();
      const voided = await repo.settle(tx.db, pending.id, { state: 'void' }, now);
      if (bill.state === 'pending') await repo.setBillState(tx.db, bill.id, 'due');
      return voided ?? pending;
    });
    return this.view(userId, payment.id);
  }

  /**
   * The bank's signed event: it names a credit, which the bank itself is asked about. A forged event
   * names none, a replayed one a credit already counted: neither changes anything.
   */
  async receiveBankEvent(raw: string, signature: string | undefined) {
    const event = readSignedEvent(this.deps.bankWebhookSecret, raw, signature, bankEvent);
    if (event.type !== 'paynow.credit') return;
    let credit: BankCredit | null;
    try {
      credit = await this.deps.bank.credit(event.data.object.id);
    } catch (err) {
      // The bank delivers again; until then nothing is assumed.
      if (err instanceof BankUnavailableError) throw new AppError(503, 'The bank cannot be reached');
      throw err;
    }
    if (credit) await this.deps.bankCredits.apply([credit]);
  }

  /**
   * Job: card payments left pending are settled by the gateway's word, or charged again with the
   * same key (the gateway then either makes the charge or returns the one it made).
   */
  async reconcile(): Promise<number> {
    const now = this.deps.clock.now();
    const stale = await repo.pendingCardPayments(this.db, new Date(now.getTime() - RECONCILE_AFTER_MS), 100);
    for (const payment of stale) {
      try {
        const verdict = paymentVerdict(payment, await this.deps.payments.chargesForAttempt(payment.id));
        if (verdict) await this.settleCard(payment, verdict);
        else await this.charge(payment);
      } catch (err) {
        if (!(err instanceof PaymentsUnavailableError)) throw err;
      }
    }
    return stale.length;
  }
}
