import { allocateCredit, ChargeMessages, formatMoney } from '@selfcare/domain';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import type { BankClient, BankCredit } from '../../integrations/bank.ts';
import {
  type AccountCreditWrite,
  type CreditBill,
  type PaymentWrite,
  bankCreditsRepository as repo,
  type UnmatchedWrite,
} from './bank-credits.repository.ts';
import { billPaymentsRepository } from './bill-payments.repository.ts';
import { type BillReceipt, type BillReceiptDeps, queueBillReceipts } from './bill-receipts.ts';
import { reconciliationCursors as cursors } from './reconciliation-cursors.repository.ts';

/** Credits read from the bank's statement a page at a time. */
export const BANK_PAGE = 1000;
const SOURCE = 'bank' as const;

/** What a batch of credits did. */
export interface Applied {
  paid: number;
  unmatched: number;
  seen: number;
}

/** What a batch of credits writes, gathered before anything is written: a fixed number of statements. */
interface Writes {
  payments: PaymentWrite[];
  unmatched: UnmatchedWrite[];
  accountCredits: AccountCreditWrite[];
  /** What the batch adds to each bill. */
  added: Map<string, number>;
  /** Bills the batch pays in full: their "I have paid by PayNow" waits for nothing any more. */
  paidInFull: string[];
  /** The receipts of the payments, each with its bill as the payment leaves it. */
  receipts: BillReceipt[];
}
const noWrites = (): Writes => ({
  payments: [],
  unmatched: [],
  accountCredits: [],
  added: new Map(),
  paidInFull: [],
  receipts: [],
});

/** The words of the credit a bill did not need, as the customer reads it on the next bill. */
type OverpaidReason = (amountCents: number, billNumber: string) => string;
const notNeeded: OverpaidReason = (amount, bill) => ChargeMessages.payNowNotNeeded(formatMoney(amount), bill);

/**
 * The bank is the record of what was paid by PayNow (ADR 0033). Its statement is read by cursor,
 * every minute, when a worker starts and before the card deduction; a signed event only makes the
 * one credit it names be read sooner. Either way a credit goes through `apply`, once: it pays the
 * bill its reference names (fulfilling the customer's "I have paid"), what the bill did not need
 * is a credit on the next bill, and a credit no bill can take is kept for a supervisor, who may
 * apply it to a bill of their choosing through `applyKept`.
 */
export class BankCredits {
  constructor(
    private readonly deps: { database: Database; clock: Clock; bank: BankClient } & BillReceiptDeps,
  ) {}

  /** Reads the statement from the cursor to its end; throws BankUnavailableError when the bank is down. */
  async reconcile(): Promise<{ read: number } & Applied> {
    const total = { read: 0, paid: 0, unmatched: 0, seen: 0 };
    for (;;) {
      const from = await cursors.get(this.deps.database.pool, SOURCE);
      const page = await this.deps.bank.creditsAfter(from, BANK_PAGE);
      if (page.credits.length > 0 || from === null) {
        const applied = await this.deps.database.transaction(async (tx) => {
          const done = await this.applyIn(tx, page.credits);
          // Another reader moved it first: what it read was applied once all the same.
          await cursors.move(tx.client, SOURCE, from, page.cursor, this.deps.clock.now());
          return done;
        });
        total.read += page.credits.length;
        total.paid += applied.paid;
        total.unmatched += applied.unmatched;
        total.seen += applied.seen;
      }
      if (!page.hasMore) return total;
    }
  }

  /** Applies credits the bank has confirmed, each once however often it is read. */
  apply(credits: BankCredit[]): Promise<Applied> {
    return this.deps.database.transaction((tx) => this.applyIn(tx, credits));
  }

  /**
   * A kept credit applied to the bill a supervisor chose (locked by the caller, in `tx`): the
   * same allocation as the statement's. Nothing is written for a bill that needs nothing.
   */
  async applyKept(tx: Tx, credit: { id: string; amountCents: number }, bill: CreditBill) {
    const claims = await repo.claims(tx.client, [bill.id]);
    const writes = noWrites();
    const allocation = this.allocate(writes, credit, bill, claims, (amount, number) =>
      ChargeMessages.payNowAppliedNotNeeded(formatMoney(amount), number),
    );
    if (allocation.kind === 'applied') await this.write(tx, writes);
    return allocation;
  }

  private async applyIn(tx: Tx, credits: BankCredit[]): Promise<Applied> {
    const db = tx.client;
    // Keyed in by hand in a banking app: spaces and case are the customer's, not the reference's.
    const numberOf = (c: BankCredit) => c.reference.trim().toUpperCase();
    // Bills first: a second reader of the same credit waits here, then sees it counted below.
    const bills = new Map(
      (await repo.lockBills(db, [...new Set(credits.map(numberOf))])).map((b) => [b.number, b]),
    );
    const seen = credits.length
      ? await repo.seen(
          db,
          credits.map((c) => c.id),
        )
      : new Set<string>();
    const claims = await repo.claims(
      db,
      [...bills.values()].map((b) => b.id),
    );
    const writes = noWrites();
    for (const credit of credits) {
      if (seen.has(credit.id)) continue;
      seen.add(credit.id);
      const bill = bills.get(numberOf(credit));
      if (credit.currency !== 'SGD')
        writes.unmatched.push({ credit, reason: 'not-sgd', billId: bill?.id ?? null });
      else if (!bill) writes.unmatched.push({ credit, reason: 'unknown-reference', billId: null });
      else if (this.allocate(writes, credit, bill, claims, notNeeded).kind === 'bill-paid')
        writes.unmatched.push({ credit, reason: 'bill-paid', billId: bill.id });
    }
    await this.write(tx, writes);
    const { payments, unmatched } = writes;
    return {
      paid: payments.length,
      unmatched: unmatched.length,
      seen: credits.length - payments.length - unmatched.length,
    };
  }

  /** Allocates one credit to its bill (the bill's figures move with it, for the next credit of the batch). */
  private allocate(
    writes: Writes,
    credit: { id: string; amountCents: number },
    bill: CreditBill,
    claims: Map<string, string[]>,
    overpaid: OverpaidReason,
  ) {
    const allocation = allocateCredit(
      { state: bill.state, totalCents: bill.total_cents, paidCents: bill.paid_cents },
      credit.amountCents,
    );
    if (allocation.kind === 'bill-paid') return allocation;
    const claimId = claims.get(bill.id)?.shift() ?? null;
    writes.payments.push({
      creditId: credit.id,
      billId: bill.id,
      userId: bill.user_id,
      amountCents: credit.amountCents,
      claimId,
    });
    bill.paid_cents += allocation.appliedCents;
    bill.state = allocation.paysInFull ? 'paid' : 'due';
    if (allocation.paysInFull) writes.paidInFull.push(bill.id);
    writes.receipts.push({
      key: credit.id,
      userId: bill.user_id,
      bill: {
        id: bill.id,
        number: bill.number,
        month: bill.month,
        totalCents: bill.total_cents,
        paidCents: bill.paid_cents,
      },
      amountCents: credit.amountCents,
      paidWith: 'PayNow',
      at: this.deps.clock.now(),
    });
    writes.added.set(bill.id, (writes.added.get(bill.id) ?? 0) + allocation.appliedCents);
    if (allocation.overpaidCents > 0)
      writes.accountCredits.push({
        creditId: credit.id,
        userId: bill.user_id,
        amountCents: allocation.overpaidCents,
        reason: overpaid(credit.amountCents, bill.number),
      });
    return allocation;
  }

  private async write(tx: Tx, w: Writes) {
    const now = this.deps.clock.now();
    await repo.writePayments(tx.client, w.payments, now);
    await repo.addToBills(tx.client, w.added, now);
    await repo.creditAccounts(tx.client, w.accountCredits, now);
    await repo.keepUnmatched(tx.client, w.unmatched, now);
    await billPaymentsRepository.voidClaims(tx.db, w.paidInFull, now);
    await queueBillReceipts(tx, this.deps, w.receipts);
  }
}
