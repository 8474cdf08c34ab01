import { ERASED } from '@selfcare/domain/account-deletion';
import type pg from 'pg';

type Queryable = Pick<pg.ClientBase, 'query'>;

/** Erasing an account (ADR 0030), fulfilment's part, in the caller's transaction. */
export const fulfilmentErasure = {
  /**
   * The SIMs the account used (those of its order lines, `orderLineIds`, and its `iccids` not
   * tied to one), and not back in stock: a card whose line has ended serves no one again, and its
   * ICCID and IMSI would say who had it.
   */
  async forgetSims(db: Queryable, orderLineIds: string[], iccids: string[]) {
    await db.query(
      `DELETE FROM sim_cards WHERE state <> 'available'
          AND (order_line_id = ANY($1::uuid[]) OR (order_line_id IS NULL AND iccid = ANY($2::text[])))`,
      [orderLineIds, iccids],
    );
  },

  /** What the deliveries of its orders (`orderIds`) carried and why one failed. */
  async eraseDeliveries(db: Queryable, orderIds: string[]) {
    await db.query(
      `UPDATE deliveries SET iccids = '{}', tracking_code = $2, failure_reason = NULL WHERE order_id = ANY($1::uuid[])`,
      [orderIds, ERASED],
    );
  },
};
