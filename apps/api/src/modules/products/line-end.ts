import type { LineEnded } from '../lines/index.ts';

/**
 * A line that ends takes its products with it (the bill charges them to the day it ended) and its
 * plan change scheduled for later (ADR 0027), in the transaction that ends it.
 */
export const productsEndWithLine: LineEnded = async (tx, { lineId, at }) => {
  await tx.client.query(
    `UPDATE line_products SET state = 'ended', ends_at = least(coalesce(ends_at, $2), $2), updated_at = $2
      WHERE line_id = $1 AND state IN ('pending', 'active', 'ending')`,
    [lineId, at],
  );
  await tx.client.query(
    `UPDATE plan_changes SET state = 'cancelled' WHERE line_id = $1 AND state = 'scheduled'`,
    [lineId],
  );
};
