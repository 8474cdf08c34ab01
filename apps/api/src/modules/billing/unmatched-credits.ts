import { Messages } from '@selfcare/domain';
import type { UnmatchedPayments } from '@selfcare/domain/contracts/unmatched-payments';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type BankClient, BankUnavailableError } from '../../integrations/bank.ts';
import { type PaymentsClient, PaymentsUnavailableError } from '../../integrations/payments.ts';
import type { CurrentStaff } from '../../plugins/staff-auth.ts';
import { recordStaffAudit } from '../staff/index.ts';
import { bankCreditsRepository } from './bank-credits.repository.ts';
import type { BankCredits } from './bank-credits.ts';
import { gatewayChargesRepository as charges } from './gateway-charges.repository.ts';
import { unmatchedCreditsRepository as repo } from './unmatched-credits.repository.ts';

export const UnmatchedMessages = {
  applied: 'The payment is applied to the bill.',
  returned: 'The payment is being sent back to the account it came from.',
  refunded: 'The charge is refunded to the card.',
  cardOnly: 'A card charge can only be refunded to its card.',
  resolved: 'This payment has been applied or sent back already.',
  noSuchBill: 'No bill has this number.',
  billPaid: 'This bill is paid already. Choose an unpaid bill of the customer, or send the payment back.',
  bankRefused: 'The bank could not send this payment back. Check it with the bank.',
  bankDown: 'The bank cannot be reached now. Please try again later.',
  gatewayDown: 'The card gateway cannot be reached now. Please try again later.',
} as const;

/** Open payments listed at most; the oldest come first, so none waits behind newer ones. */
const LISTED = 200;

/**
 * Payments nothing matched (ADR 0033): staff see each with how long it has waited; a supervisor
 * applies a PayNow credit to an unpaid bill (what the bill did not need is a credit on the customer's
 * next bill) or has the bank send it back, and refunds a card charge no record accounts for. Each is
 * done once, and written to the audit log with who and why.
 */
export class UnmatchedCredits {
  constructor(
    private readonly deps: {
      database: Database;
      clock: Clock;
      bank: BankClient;
      bankCredits: BankCredits;
      payments: PaymentsClient;
    },
  ) {}

  async list(): Promise<UnmatchedPayments> {
    const db = this.deps.database.pool;
    const [rows, cardRows, oldestCredit, oldestCharge] = await Promise.all([
      repo.open(db, LISTED),
      charges.open(db, LISTED),
      repo.oldestOpen(db),
      charges.oldestOpen(db),
    ]);
    const now = this.deps.clock.now().getTime();
    const oldest = [oldestCredit, oldestCharge]
      .filter((d): d is Date => d !== null)
      .sort((a, b) => a.getTime() - b.getTime())[0];
    const cards = cardRows.map((r) => ({
      id: r.gateway_charge_id,
      source: 'gateway' as const,
      reference: r.attempt_id ?? r.gateway_charge_id,
      amountCents: r.amount_cents,
      settledAt: r.charged_at.toISOString(),
      reason: 'unaccounted-charge' as const,
      bill: null,
    }));
    const credits = rows.map((r) => ({
      id: r.bank_credit_id,
      source: 'bank' as const,
      reference: r.reference,
      amountCents: r.amount_cents,
      settledAt: r.settled_at.toISOString(),
      reason: r.reason,
      bill:
        r.bill_id && r.user_id
          ? {
              id: r.bill_id,
              number: r.bill_number ?? '',
              customer: {
                id: r.user_id,
                name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
                email: r.email,
              },
            }
          : null,
    }));
    return {
      items: [...credits, ...cards].sort((a, b) => a.settledAt.localeCompare(b.settledAt)),
      oldestAgeSeconds: oldest ? Math.max(0, Math.floor((now - oldest.getTime()) / 1000)) : null,
    };
  }

  async apply(staff: CurrentStaff, id: string, billNumber: string, reason: string) {
    return this.deps.database.transaction(async (tx) => {
      const credit = await repo.lockOpen(tx.client, id);
      if (!credit && (await charges.lockOpen(tx.client, id)))
        throw new AppError(409, UnmatchedMessages.cardOnly);
      if (!credit) throw new AppError(404, Messages.notFound);
      if (credit.resolved_at) throw new AppError(409, UnmatchedMessages.resolved);
      const [bill] = await bankCreditsRepository.lockBills(tx.client, [billNumber.trim().toUpperCase()]);
      if (!bill) throw AppError.field('billNumber', UnmatchedMessages.noSuchBill);
      const allocation = await this.deps.bankCredits.applyKept(
        tx,
        { id, amountCents: credit.amount_cents },
        bill,
      );
      if (allocation.kind === 'bill-paid') throw new AppError(409, UnmatchedMessages.billPaid);
      const now = this.deps.clock.now();
      await repo.resolve(tx.client, id, {
        resolution: 'applied',
        billId: bill.id,
        staffId: staff.id,
        at: now,
      });
      await recordStaffAudit(tx.client, {
        at: now,
        staffId: staff.id,
        action: 'apply-payment',
        subject: bill.number,
        reason,
        detail: {
          bankCreditId: id,
          amountCents: credit.amount_cents,
          appliedCents: allocation.appliedCents,
          userId: bill.user_id,
        },
      });
      return { billId: bill.id };
    });
  }

  /**
   * Has the bank send the credit back, then marks it so. The bank's key is the credit's, so two
   * supervisors, or one asking again after a lost answer, return it once.
   */
  async sendBack(staff: CurrentStaff, id: string, reason: string) {
    const open = await repo.lockOpen(this.deps.database.pool, id);
    if (!open) return this.refundCharge(staff, id, reason);
    if (open.resolved_at) throw new AppError(409, UnmatchedMessages.resolved);
    let returned: boolean;
    try {
      returned = await this.deps.bank.returnCredit(id, `return:${id}`);
    } catch (err) {
      if (err instanceof BankUnavailableError) throw new AppError(503, UnmatchedMessages.bankDown);
      throw err;
    }
    if (!returned) throw new AppError(409, UnmatchedMessages.bankRefused);
    return this.deps.database.transaction(async (tx) => {
      const credit = await repo.lockOpen(tx.client, id);
      if (!credit || credit.resolved_at) throw new AppError(409, UnmatchedMessages.resolved);
      const now = this.deps.clock.now();
      await repo.resolve(tx.client, id, { resolution: 'returned', billId: null, staffId: staff.id, at: now });
      await recordStaffAudit(tx.client, {
        at: now,
        staffId: staff.id,
        action: 'return-payment',
        subject: id,
        reason,
        detail: { bankCreditId: id, amountCents: credit.amount_cents },
      });
      return { id, message: UnmatchedMessages.returned };
    });
  }

  /** Refunds what the gateway holds of a charge no record accounts for; its key makes it once. */
  private async refundCharge(staff: CurrentStaff, id: string, reason: string) {
    const open = await charges.lockOpen(this.deps.database.pool, id);
    if (!open) throw new AppError(404, Messages.notFound);
    if (open.resolved_at) throw new AppError(409, UnmatchedMessages.resolved);
    try {
      await this.deps.payments.refund(id, open.amount_cents, `unmatched:${id}`);
    } catch (err) {
      if (err instanceof PaymentsUnavailableError) throw new AppError(503, UnmatchedMessages.gatewayDown);
      throw err;
    }
    return this.deps.database.transaction(async (tx) => {
      const charge = await charges.lockOpen(tx.client, id);
      if (!charge || charge.resolved_at) throw new AppError(409, UnmatchedMessages.resolved);
      const now = this.deps.clock.now();
      await charges.resolve(tx.client, id, staff.id, now);
      await recordStaffAudit(tx.client, {
        at: now,
        staffId: staff.id,
        action: 'refund-charge',
        subject: id,
        reason,
        detail: { gatewayChargeId: id, amountCents: charge.amount_cents },
      });
      return { id, message: UnmatchedMessages.refunded };
    });
  }
}
