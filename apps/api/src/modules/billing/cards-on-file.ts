import type { Db } from '../../db/client.ts';
import type { GatewayPaymentMethod } from '../../integrations/payments.ts';
import { Registered } from '../../module.ts';

/**
 * A card on file: what the gateway says may be shown of it, its token there (the gateway's id of it)
 * and whose it is; never the card number.
 */
export interface CardOnFile extends Omit<GatewayPaymentMethod, 'id'> {
  id: string;
  userId: string;
  gatewayToken: string;
  createdAt: Date;
}

/**
 * Where the account's cards on file are kept. Orders keep them (a card is first saved at checkout)
 * and register their store here as they start (ADR 0045), as card payment owners are registered
 * (ADR 0033); billing saves the card a customer adds on /bills and charges the latest, reading no
 * table of orders. Each call runs in the caller's transaction (`db`).
 */
export interface CardStore {
  /** The account's card on file: the latest saved. */
  latest(db: Db, userId: string): Promise<CardOnFile | undefined>;
  /** Saves a card as the latest; the same token again stays one card. Answers its id and whether it is new. */
  save(db: Db, card: Omit<CardOnFile, 'id'>): Promise<{ id: string; isNew: boolean }>;
  byId(db: Db, id: string): Promise<CardOnFile | undefined>;
  /** The cards among `ids`, in one read. */
  byIds(db: Db, ids: string[]): Promise<CardOnFile[]>;
}

/** The cards on file, as the module that keeps them registered its store. */
export class CardsOnFile implements CardStore {
  private readonly store = new Registered<CardStore>('No module keeps the cards on file');

  keptBy(store: CardStore) {
    this.store.fill(store);
  }

  private get kept(): CardStore {
    return this.store.get();
  }

  latest(db: Db, userId: string) {
    return this.kept.latest(db, userId);
  }

  save(db: Db, card: Omit<CardOnFile, 'id'>) {
    return this.kept.save(db, card);
  }

  byId(db: Db, id: string) {
    return this.kept.byId(db, id);
  }

  byIds(db: Db, ids: string[]) {
    return ids.length === 0 ? Promise.resolve([]) : this.kept.byIds(db, ids);
  }
}
