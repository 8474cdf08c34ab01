import { ChargeMessages } from '@selfcare/domain';
import { type BillRunPart, filled } from '../billing/index.ts';

/**
 * Lines' part of the monthly bill run (ADR 0045): an account with a line live in the month gets the
 * month's bill, whether or not anything is charged on it. A line is live in the month when it went
 * live before the cutoff and is active, suspended, or ended after the month's first day (ADR 0027).
 */
export const linesBillRun: BillRunPart = {
  name: 'lines',
  analyze: ['subscriptions'],
  bills: (v, account) =>
    `EXISTS (SELECT 1 FROM subscriptions s
              WHERE s.user_id = ${account} AND s.activated_at < ${v.cutoff}
                AND (s.state IN ('active', 'suspended')
                     OR (s.state = 'terminated'
                         AND (s.terminated_at AT TIME ZONE 'Asia/Singapore')::date > ${v.start}::date)))`,
};

/**
 * A roadshow order's amount (its lines' first month and its fees), which the customer did not pay
 * when ordering: charged on the first bill after a line of the order goes live, once per order. It is
 * lines' part (ADR 0045), since a line going live is what makes it due; the order's amounts are read
 * through orders' view `order_amounts`.
 */
export const roadshowOrderCharges: BillRunPart = {
  name: 'unpaid orders',
  charges: (v) =>
    `SELECT o.user_id, NULL, o.id, 'order', NULL, o.total_cents,
            ${filled(ChargeMessages.orderFirstMonth('{orderNumber}'), { orderNumber: 'o.order_number' })}, NULL,
            'order:' || o.id, ${v.now}
       FROM order_amounts o
      WHERE o.user_id = ANY(${v.accounts}::uuid[]) AND o.due_now_cents = 0 AND o.total_cents > 0
        AND EXISTS (SELECT 1 FROM subscriptions s
                     WHERE s.order_id = o.id AND s.state IN ('active', 'suspended') AND s.activated_at < ${v.cutoff})`,
};
