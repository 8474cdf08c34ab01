import type { AccountFacts } from '@selfcare/domain/account-deletion';
import { STAFF_OPEN_STATUSES } from '@selfcare/domain/fulfilment';
import type pg from 'pg';
import { billingErasure } from '../billing/index.ts';
import { linesErasure } from '../lines/index.ts';
import { ordersErasure } from '../orders/index.ts';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** Orders that may still make a line: paid and not finished, or with a payment on its way. */
const ORDERS_IN_PROGRESS = [...STAFF_OPEN_STATUSES, 'Unpaid'];

export interface DeletionRequestRow {
  id: string;
  user_id: string;
  state: 'open' | 'withdrawn' | 'completed';
  requested_at: Date;
}

export interface OpenRequestRow extends DeletionRequestRow {
  first_name: string;
  last_name: string;
  email: string | null;
  phone_number: string | null;
}

/** Requests to close an account, and what closing one reads and erases (ADR 0030). */
export const accountDeletionRepository = {
  async openOf(db: Queryable, userId: string): Promise<DeletionRequestRow | undefined> {
    const { rows } = await db.query<DeletionRequestRow>(
      `SELECT id, user_id, state, requested_at FROM account_deletion_requests WHERE user_id = $1 AND state = 'open'`,
      [userId],
    );
    return rows[0];
  },

  /** The customer's request `id`; another's is not found. */
  async ofUser(db: Queryable, userId: string, id: string): Promise<DeletionRequestRow | undefined> {
    const { rows } = await db.query<DeletionRequestRow>(
      `SELECT id, user_id, state, requested_at FROM account_deletion_requests WHERE id = $1 AND user_id = $2`,
      [id, userId],
    );
    return rows[0];
  },

  /** A new open request; null when the account has one already (the partial unique index). */
  async insert(db: Queryable, userId: string, now: Date): Promise<string | null> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO account_deletion_requests (user_id, state, requested_at) VALUES ($1, 'open', $2)
       ON CONFLICT (user_id) WHERE state = 'open' DO NOTHING RETURNING id`,
      [userId, now],
    );
    return rows[0]?.id ?? null;
  },

  async withdraw(db: Queryable, userId: string, id: string, now: Date): Promise<boolean> {
    const { rowCount } = await db.query(
      `UPDATE account_deletion_requests SET state = 'withdrawn', withdrawn_at = $3
        WHERE id = $1 AND user_id = $2 AND state = 'open'`,
      [id, userId, now],
    );
    return rowCount === 1;
  },

  /** The open requests, oldest first, with who asked. */
  async open(db: Queryable, limit = 200): Promise<OpenRequestRow[]> {
    const { rows } = await db.query<OpenRequestRow>(
      `SELECT r.id, r.user_id, r.state, r.requested_at, u.first_name, u.last_name, u.email, u.phone_number
         FROM account_deletion_requests r JOIN customer_contacts u ON u.id = r.user_id
        WHERE r.state = 'open' ORDER BY r.requested_at, r.id LIMIT $1`,
      [limit],
    );
    return rows;
  },

  /** An open request, locked until the transaction ends, so that it is completed once. */
  async lockOpen(db: Queryable, id: string): Promise<DeletionRequestRow | undefined> {
    const { rows } = await db.query<DeletionRequestRow>(
      `SELECT id, user_id, state, requested_at FROM account_deletion_requests WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0];
  },

  async complete(db: Queryable, id: string, staffId: string, now: Date) {
    await db.query(
      `UPDATE account_deletion_requests SET state = 'completed', completed_at = $3, completed_by = $2 WHERE id = $1`,
      [id, staffId, now],
    );
  },

  /** Every line of the account, with the day it ended or is set to end (Singapore). */
  lines: (db: Queryable, userId: string) => linesErasure.endingOf(db, userId),

  /** What stands between the account and its closing (`deletionBlockers`), from the modules that hold it. */
  async facts(db: Queryable, userId: string): Promise<AccountFacts> {
    const openOrders = await ordersErasure.countIn(db, userId, ORDERS_IN_PROGRESS);
    const { liveLines, lastEndedOn } = await linesErasure.factsOf(db, userId);
    const { lastBilledMonth, unbilledCharges, unpaidCents } = await billingErasure.factsOf(db, userId);
    return { openOrders, liveLines, lastEndedOn, lastBilledMonth, unbilledCharges, unpaidCents };
  },

  /** What is kept for the accounts, for the audit log. */
  async kept(db: Queryable, userId: string) {
    const { bills, payments } = await billingErasure.keptOf(db, userId);
    const orders = await ordersErasure.count(db, userId);
    return { bills, payments, orders };
  },
};
