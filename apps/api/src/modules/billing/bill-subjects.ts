import type { Db } from '../../db/client.ts';
import { Registered } from '../../module.ts';

/** A line as a bill and staff's list of charges name it. */
export interface LineLabel {
  id: string;
  msisdn: string;
  planName: string;
}

/** The lines among `lineIds`, with their number and plan, in one read in the caller's `db`. */
export type LineLabels = (db: Db, lineIds: string[]) => Promise<LineLabel[]>;

/** The billing address the customer gave last, or null. */
export type BillingAddressOf = (db: Db, userId: string) => Promise<Record<string, string | null> | null>;

/**
 * What a bill names that other modules keep (ADR 0045): its lines' numbers and plans, which lines
 * keep, and the billing address, which the customer gives with an order. Those modules register how
 * to read them as they start, as orders register the cards on file, so billing names no table or view
 * of theirs and depends on neither: both charge through billing's ledger.
 */
export class BillSubjects {
  private readonly lineLabels = new Registered<LineLabels>('No module names the lines on a bill');
  private readonly addresses = new Registered<BillingAddressOf>('No module keeps the billing address');

  linesNamedBy(labels: LineLabels) {
    this.lineLabels.fill(labels);
  }

  addressesKeptBy(addressOf: BillingAddressOf) {
    this.addresses.fill(addressOf);
  }

  lines(db: Db, lineIds: string[]): Promise<LineLabel[]> {
    return lineIds.length === 0 ? Promise.resolve([]) : this.lineLabels.get()(db, lineIds);
  }

  billingAddress(db: Db, userId: string) {
    return this.addresses.get()(db, userId);
  }
}
