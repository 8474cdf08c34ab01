import { formatMoney } from '@selfcare/domain';
import type { Clock } from '../../clock.ts';
import type { Database, Tx } from '../../db/client.ts';
import type { BankClient, BankCredit } from '../../integrations/bank.ts';
import {
  type AccountCreditWrite,
  type PaymentWrite,
  bankCreditsRepository as repo,
  type UnmatchedWrite,
} from './bank-credits.repository.ts';
import { billPaymentsRepository } from './bill-payments.repository.ts';

/** Credits read from the bank's statement a page at a time. */
export const BANK_PAGE = 1000;
const SOURCE = 'bank';

/** What a batch of credits did. */
export interface Applied {
  paid: number;
  unmatched: number;
  seen: number;
}

/**
 * The bank is the record of what was paid by PayNow (ADR 0033). Its statement is read by cursor,
 * every minute, when a worker starts and before the card deduction; a signed event only makes the
 * one credit it names be read sooner. Either way a credit goes through `apply`, once: it pays the
 * bill its reference names (fulfilling the customer's "I have paid"), what the bill did not need
 * is a credit on the next bill, and a credit no bill can take is kept for a supervisor.
 */
export class BankCredits {
  constructor(private readonly deps: { database: Database; clock: Clock; bank: BankClient }) {}

  /** Reads the statement from the cursor to its end; throws BankUnavailableError when the bank is down. */
  async reconcile(): Promise<{ read: number } & Applied> {
    const total = { read: 0, paid: 0, unmatched: 0, seen: 0 };
    for (;;) {
      const from = await repo.cursor(this.deps.database.pool, SOURCE);
      const page = await this.deps.bank.creditsAfter(from, BANK_PAGE);
      if (page.credits.length > 0 || from === null) {
        const applied = await this.deps.database.transaction(async (tx) => {
          const done = await this.applyIn(tx, page.credits);
          // Another reader moved it first: what it read was applied once all the same.
          await repo.moveCursor(tx.client, SOURCE, from, page.cursor, this.deps.clock.now());
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

  private async applyIn(tx: Tx, credits: BankCredit[]): Promise<Applied> {
    const db = tx.client;
    const now = this.deps.clock.now();
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
    const payments: PaymentWrite[] = [];
    const unmatched: UnmatchedWrite[] = [];
    const accountCredits: AccountCreditWrite[] = [];
    const added = new Map<string, number>();
    const paidNow: string[] = [];
    for (const credit of credits) {
      if (seen.has(credit.id)) continue;
      seen.add(credit.id);
      const bill = bills.get(numberOf(credit));
      if (credit.currency !== 'SGD') {
        unmatched.push({ credit, reason: 'not-sgd', billId: bill?.id ?? null });
        continue;
      }
      const outstanding = bill ? bill.total_cents - bill.paid_cents : 0;
      if (!bill || bill.state === 'paid' || outstanding <= 0) {
        unmatched.push({
          credit,
          reason: bill ? 'bill-paid' : 'unknown-reference',
          billId: bill?.id ?? null,
        });
        continue;
      }
      const applied = Math.min(outstanding, credit.amountCents);
      const claimId = claims.get(bill.id)?.shift() ?? null;
      payments.push({
        creditId: credit.id,
        billId: bill.id,
        userId: bill.user_id,
        amountCents: credit.amountCents,
        claimId,
      });
      bill.paid_cents += applied;
      bill.state = bill.paid_cents >= bill.total_cents ? 'paid' : 'due';
      if (bill.state === 'paid') paidNow.push(bill.id);
      added.set(bill.id, (added.get(bill.id) ?? 0) + applied);
      if (credit.amountCents > applied)
        accountCredits.push({
          creditId: credit.id,
          userId: bill.user_id,
          amountCents: credit.amountCents - applied,
          reason: `PayNow of ${formatMoney(credit.amountCents)} for bill ${bill.number}: the part not needed, credited`,
        });
    }
    await repo.writePayments(db, payments, now);
    await repo.addToBills(db, added, now);
    await repo.creditAccounts(db, accountCredits, now);
    await repo.keepUnmatched(db, unmatched, now);
    // A bill paid in full needs no other "I have paid": left pending, it would hold the card back.
    await billPaymentsRepository.voidClaims(tx.db, paidNow, now);
    return {
      paid: payments.length,
      unmatched: unmatched.length,
      seen: credits.length - payments.length - unmatched.length,
    };
  }
}
