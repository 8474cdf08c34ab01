import type { StaffCardPurchase } from '@selfcare/domain/contracts/staff-billing';

/** `unsettled`: also the purchases declined or still charging (staff see those; the customer's /bills does not). */
export interface PurchasesWanted {
  unsettled?: boolean;
}

/**
 * A module that charges cards at the gateway for records of its own (ADR 0033): bills' payments,
 * orders' payment attempts, one-time purchases. Billing reads the gateway's charges and lists an
 * account's card purchases, but each module answers for its own records: it registers here
 * (`CardPaymentOwners.add`) rather than billing reading its tables.
 */
export interface CardPaymentOwner {
  /**
   * Of these payment attempts (the id in a charge's metadata), those a record of this module
   * accounts for: waiting for the charge, counting it paid, or giving it back.
   */
  accountsFor(attemptIds: string[]): Promise<Set<string>>;
  /** The account's card purchases and their refunds, as /bills lists them; for modules that sell so. */
  purchasesOf?(userId: string, limit: number, wanted?: PurchasesWanted): Promise<StaffCardPurchase[]>;
}

/** Every module that charges cards, as registered when the process starts. */
export class CardPaymentOwners {
  private readonly owners: CardPaymentOwner[] = [];

  add(owner: CardPaymentOwner) {
    this.owners.push(owner);
  }

  /** The attempts some module accounts for. */
  async accounted(attemptIds: string[]): Promise<Set<string>> {
    if (attemptIds.length === 0) return new Set();
    const sets = await Promise.all(this.owners.map((o) => o.accountsFor(attemptIds)));
    return new Set(sets.flatMap((s) => [...s]));
  }

  /** The account's card purchases and refunds from every module that sells so, newest first. */
  async purchasesOf(
    userId: string,
    limit: number,
    wanted: PurchasesWanted = {},
  ): Promise<StaffCardPurchase[]> {
    const lists = await Promise.all(this.owners.map((o) => o.purchasesOf?.(userId, limit, wanted) ?? []));
    return lists.flat().sort((a, b) => b.at.localeCompare(a.at));
  }
}
