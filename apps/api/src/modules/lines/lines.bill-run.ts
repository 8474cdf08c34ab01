import type { BillRunPart } from '../billing/index.ts';

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
