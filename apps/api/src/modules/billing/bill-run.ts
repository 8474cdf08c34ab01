import { billDueOn, billIssuedOn, billPeriod, daysInMonth, monthBilledOn } from '@selfcare/domain';
import { sgDate } from '@selfcare/domain/calendar';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { type RunMonth, billRunRepository as repo } from './bill-run.repository.ts';
import type { BillRunPart } from './bill-run-parts.ts';
import { type StaffChargeRow, staffBillingRepository } from './staff-billing.repository.ts';

export interface BillRunDeps {
  database: Database;
  clock: Clock;
  gstPercent: number;
  /** Accounts per transaction: a crash loses at most one batch's work, which the next run redoes. */
  batchSize?: number;
}

export interface BillRunResult {
  month: string;
  /** Bills this call made. */
  made: number;
  /** Every account has its bill; false when the deadline stopped it first. */
  finished: boolean;
}

/**
 * The monthly bill run (ADR 0023): on the 1st, in Singapore time, one bill per account for the month
 * just ended. Accounts are taken in batches by id; each batch is one transaction that charges the
 * lines' plans and out-of-bundle use, makes the bills and attaches every unbilled charge. Killed at
 * any point, a run again finds the accounts still without a bill and finishes them; none gets two.
 */
export class BillRun {
  private readonly batchSize: number;
  private readonly parts: BillRunPart[] = [];

  constructor(private readonly deps: BillRunDeps) {
    this.batchSize = deps.batchSize ?? 2000;
  }

  /**
   * Adds a module's part of the run (ADR 0045): what it bills and its charges, in the order the
   * modules start (lines with a roadshow order's amount, then plans and monthly products, the use).
   */
  includes(...parts: BillRunPart[]): this {
    this.parts.push(...parts);
    return this;
  }

  /** Every part's charges of the month for the batch, in the order they were included. */
  private async charge(db: Parameters<typeof repo.charge>[0], m: RunMonth, ids: string[], now: Date) {
    for (const part of this.parts) await repo.charge(db, part, m, ids, now);
  }

  /** The month a run now bills: the one before today's, in Singapore. */
  monthDue(): string {
    return monthBilledOn(sgDate(this.deps.clock.now()));
  }

  monthOf(month: string): RunMonth {
    const { start, end } = billPeriod(month);
    const issuedOn = billIssuedOn(month);
    return {
      month,
      start,
      end,
      issuedOn,
      dueOn: billDueOn(month),
      daysInMonth: daysInMonth(month),
      cutoff: new Date(`${issuedOn}T00:00:00+08:00`),
      gstPercent: this.deps.gstPercent,
    };
  }

  /**
   * The account's charges not billed yet as the next run would leave them: the ledger's, and the
   * month's plans (split by plan changes), monthly products, a roadshow order's amount and the use so
   * far, which only the run makes. They are made by the run's own statements in a transaction that
   * is rolled back, so what staff are shown cannot drift from what the bill will say.
   */
  async unbilledAsRun(userId: string): Promise<StaffChargeRow[]> {
    const m = this.monthOf(sgDate(this.deps.clock.now()).slice(0, 7));
    const client = await this.deps.database.pool.connect();
    try {
      await client.query('BEGIN');
      const now = this.deps.clock.now();
      await this.charge(client, m, [userId], now);
      return await staffBillingRepository.charges(client, userId, []);
    } finally {
      await client.query('ROLLBACK').catch(() => {});
      client.release();
    }
  }

  /** Whether the month's run has finished. */
  async finished(month: string): Promise<boolean> {
    return Boolean((await repo.runOf(this.deps.database.pool, month))?.finished_at);
  }

  /**
   * Bills `month` (by default the one due) until done, or until `deadline` (epoch ms) passes. `only`
   * narrows it to some accounts (the demo data's history) and leaves the month's run unfinished.
   */
  async run(
    month = this.monthDue(),
    deadline = Number.POSITIVE_INFINITY,
    only: string[] | null = null,
  ): Promise<BillRunResult> {
    const m = this.monthOf(month);
    const { database, clock } = this.deps;
    if (!only) {
      await repo.startRun(database.pool, month, clock.now());
      await repo.analyze(database.pool, this.parts);
    }
    let after: string | null = null;
    let made = 0;
    for (;;) {
      if (Date.now() > deadline) return { month, made, finished: false };
      const batch = await repo.accountsToBill(database.pool, m, after, this.batchSize, only, this.parts);
      if (batch.length === 0) break;
      after = batch[batch.length - 1] as string;
      made += await database.transaction(async (tx) => {
        await repo.lockMonth(tx.client, month);
        const ids = await repo.stillUnbilled(tx.client, month, batch);
        if (ids.length === 0) return 0;
        const now = clock.now();
        await this.charge(tx.client, m, ids, now);
        const bills = (await repo.makeBills(tx.client, m, ids, now)).length;
        // The run's progress, for /metrics (ADR 0052), in the batch that makes them.
        await repo.countBills(tx.client, month, bills);
        return bills;
      });
    }
    if (!only) await repo.finishRun(database.pool, month, clock.now());
    return { month, made, finished: true };
  }
}
