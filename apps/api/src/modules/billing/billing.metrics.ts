import { monthBilledOn } from '@selfcare/domain';
import { billRunLateFrom, sgDate } from '@selfcare/domain/calendar';
import { Gauge } from 'prom-client';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { metrics } from '../../metrics.ts';

const billRunBills = new Gauge({
  name: 'selfcare_bill_run_bills',
  help: 'Bills the run for the month due has made so far',
  labelNames: ['month'] as const,
  registers: [metrics],
});

const billRunFinished = new Gauge({
  name: 'selfcare_bill_run_finished',
  help: 'Whether the run for the month due has finished (1) or not (0)',
  labelNames: ['month'] as const,
  registers: [metrics],
});

const billRunLate = new Gauge({
  name: 'selfcare_bill_run_late',
  help: '1 when the month due is not billed by 06:00 Singapore time on the 1st (it should be long done)',
  registers: [metrics],
});

const unmatchedPayments = new Gauge({
  name: 'selfcare_unmatched_payments',
  help: 'Money received that no bill or order claims, open for a supervisor: bank credits and card charges',
  labelNames: ['source'] as const,
  registers: [metrics],
});

const unmatchedOldest = new Gauge({
  name: 'selfcare_unmatched_payment_oldest_seconds',
  help: 'How long the oldest open unmatched payment has waited since it was found, by source (0 for none)',
  labelNames: ['source'] as const,
  registers: [metrics],
});

/**
 * Billing's gauges, read from its tables as `/metrics` is scraped (ADR 0052): the bill run of the
 * month due, and the payments waiting for a supervisor (ADR 0033).
 */
export const billingMetrics = (database: Database, clock: Clock) => async () => {
  const now = clock.now();
  const month = monthBilledOn(sgDate(now));
  const [{ rows: runs }, { rows: open }] = await Promise.all([
    database.pool.query<{ bills: number; finished: boolean }>(
      `SELECT bills, finished_at IS NOT NULL AS finished FROM bill_runs WHERE month = $1`,
      [month],
    ),
    database.pool.query<{ source: string; n: number; since: Date | null }>(
      `SELECT 'bank' AS source, count(*)::int AS n, min(received_at) AS since
         FROM unmatched_credits WHERE resolved_at IS NULL
       UNION ALL
       SELECT 'gateway', count(*)::int, min(found_at) FROM unmatched_charges WHERE resolved_at IS NULL`,
    ),
  ]);
  const run = runs[0];
  billRunBills.reset();
  billRunFinished.reset();
  billRunBills.set({ month }, run?.bills ?? 0);
  billRunFinished.set({ month }, run?.finished ? 1 : 0);
  billRunLate.set(!run?.finished && now >= billRunLateFrom(month) ? 1 : 0);
  for (const { source, n, since } of open) {
    unmatchedPayments.set({ source }, n);
    unmatchedOldest.set({ source }, since ? Math.max(0, (now.getTime() - since.getTime()) / 1000) : 0);
  }
};
