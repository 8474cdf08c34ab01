import { monthBilledOn, nextMonth } from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import { DEFAULT_FEES } from '@selfcare/domain/order';
import { Clock } from '../clock.ts';
import { BillRun } from '../modules/billing/index.ts';
import { linesBillRun, roadshowOrderCharges } from '../modules/lines/index.ts';
import { monthlyProductCharges, planCharges } from '../modules/products/index.ts';
import { usageCharges } from '../modules/usage/index.ts';
import type { Database } from './client.ts';

/**
 * The bills the active demo customers would have had before today: each month from their lines'
 * activation up to the one before the month just ended, made by the bill run itself, issued on
 * their 1st and paid by the card deduction on their 25th. The month just ended is left to the
 * worker's own run, so the demo shows one bill Due Now.
 */
export async function seedDemoBills(database: Database, userIds: string[], activatedAt: Date, now: Date) {
  if (userIds.length === 0) return;
  // The parts the modules include in the service's run as they start, in their order (ADR 0045).
  const run = new BillRun({ database, clock: new Clock(), gstPercent: DEFAULT_FEES.gstPercent }).includes(
    linesBillRun,
    roadshowOrderCharges,
    planCharges,
    monthlyProductCharges,
    usageCharges,
  );
  const last = monthBilledOn(sgDate(now));
  // Month by month, each bill paid before the next is made: the next one's summary then counts the
  // payment, as it would have (previous balance − payments + charges = total due).
  for (let month = sgDate(activatedAt).slice(0, 7); month < last; month = nextMonth(month)) {
    await run.run(month, Number.POSITIVE_INFINITY, userIds);
    await database.pool.query(
      `WITH paid AS (
         UPDATE bills
            SET state = 'paid', paid_cents = total_cents,
                paid_at = (due_on + time '09:00') AT TIME ZONE 'Asia/Singapore',
                created_at = (issued_on + time '00:05') AT TIME ZONE 'Asia/Singapore',
                emailed_at = (issued_on + time '08:00') AT TIME ZONE 'Asia/Singapore'
          WHERE user_id = ANY($1::uuid[]) AND month = $2
          RETURNING id, user_id, total_cents, paid_at)
       INSERT INTO bill_payments (bill_id, user_id, method, amount_cents, state, created_at, updated_at, settled_at)
       SELECT id, user_id, 'deduction', total_cents, 'succeeded', paid_at, paid_at, paid_at
         FROM paid WHERE total_cents > 0`,
      [userIds, month],
    );
  }
}
