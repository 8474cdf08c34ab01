import type { BillRunPart } from '../billing/index.ts';

/**
 * A roadshow order's amount (its lines' first month and its fees), which the customer did not pay
 * when ordering: orders' part of the monthly bill run (ADR 0045), on the first bill after a line of
 * it goes live, once per order.
 */
export const unpaidOrderCharges: BillRunPart = {
  name: 'unpaid orders',
  charges: (v) =>
    `SELECT o.user_id, NULL, o.id, 'order', NULL, o.total_cents,
            'Order ' || o.order_number || ': first month and fees', 'order:' || o.id, ${v.now}
       FROM orders o
      WHERE o.user_id = ANY(${v.accounts}::uuid[]) AND o.due_now_cents = 0 AND o.total_cents > 0
        AND EXISTS (SELECT 1 FROM line_terms s
                     WHERE s.order_id = o.id AND s.state IN ('active', 'suspended') AND s.activated_at < ${v.cutoff})`,
};
