import {
  deductionAttemptOn,
  formatBillMonth,
  formatMoney,
  formatSgDay,
  OVERDUE_AFTER_DAYS,
  payNowBeforeDeduction,
  toE164,
} from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { Clock } from '../../clock.ts';
import type { Brand } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Queue } from '../../jobs/queue.ts';
import { deductionFailedText, sendEmailJob, sendSmsJob } from '../notifications/index.ts';
import type { BillPayments } from './bill-payments.ts';
import { deductionRepository as repo } from './deduction.repository.ts';

export interface DeductionDeps {
  database: Database;
  clock: Clock;
  queue: Queue;
  brand: Brand;
  publicUrl: string;
  payments: BillPayments;
  overdueNoticeCents: number;
}

/** Bills looked at per run; a run that finds this many asks for another at once. */
export const DEDUCTION_PAGE = 500;

/**
 * The automated card deduction (ADR 0023): from the 25th every unpaid bill is charged to the saved
 * card, tried again 2, 5 and 9 days later when it fails; each failure is told once by email and SMS;
 * unpaid 10 days after its due date, a bill is overdue and the notice fee goes on the next bill, once.
 */
export class Deductions {
  constructor(private readonly deps: DeductionDeps) {}

  async run(): Promise<{ tried: number; told: number; overdue: number; more: boolean }> {
    const { database, clock, payments } = this.deps;
    const today = sgDate(clock.now());
    const candidates = await repo.candidates(database.pool, today, DEDUCTION_PAGE);
    let tried = 0;
    for (const bill of candidates) {
      const day = deductionAttemptOn(bill.due_on, bill.attempts);
      if (!day || day > today) continue;
      // Paid by PayNow before the 23rd: the first try waits for the bank rather than pay twice.
      if (
        bill.attempts === 0 &&
        bill.paynow_claimed_at &&
        payNowBeforeDeduction(sgDate(bill.paynow_claimed_at), bill.due_on)
      )
        continue;
      await payments.deduct(bill.id, bill.attempts);
      tried++;
    }
    const told = await this.tellFailures();
    const overdue = await repo.chargeOverdueFees(
      database.pool,
      today,
      OVERDUE_AFTER_DAYS,
      this.deps.overdueNoticeCents,
      clock.now(),
    );
    return { tried, told, overdue, more: candidates.length === DEDUCTION_PAGE && tried > 0 };
  }

  /** Each failed deduction, told once: the SMS and the email are queued with the mark that says so. */
  private async tellFailures(): Promise<number> {
    const { database, queue, brand, clock } = this.deps;
    let told = 0;
    for (const f of await repo.untold(database.pool, 200)) {
      told += await database.transaction(async (tx) => {
        if (!(await repo.markTold(tx.client, f.id, clock.now()))) return 0;
        const next = deductionAttemptOn(f.due_on, f.attempt + 1);
        const facts = {
          month: formatBillMonth(f.month),
          billNumber: f.number,
          amount: formatMoney(f.amount_cents),
          retryOn: next ? formatSgDay(next) : null,
        };
        if (f.phone_number)
          await queue.send(
            sendSmsJob,
            { to: toE164(f.phone_number), text: deductionFailedText(brand, facts) },
            tx,
          );
        if (f.email)
          await queue.send(
            sendEmailJob,
            {
              to: f.email,
              content: {
                template: 'bill-deduction-failed',
                name: f.first_name,
                ...facts,
                link: new URL(`/bills?bill=${f.bill_id}`, this.deps.publicUrl).toString(),
              },
            },
            tx,
          );
        return 1;
      });
    }
    return told;
  }
}
