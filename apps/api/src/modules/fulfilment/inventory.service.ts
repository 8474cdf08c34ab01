import {
  LOW_STOCK_THRESHOLD,
  FulfilmentMessages as M,
  parseSimCsv,
  SIM_STATES,
  type SimState,
} from '@selfcare/domain/fulfilment';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type CurrentStaff, staffAuditRecords } from '../staff/index.ts';
import { inventoryRepository as repo } from './inventory.repository.ts';

/** Physical SIM stock: loading batches from CSV, the count by state, and taking SIMs out of service. */
export class InventoryService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Loads a stock file. Good lines are added, bad lines are reported with their line number and why,
   * and SIMs already in stock are counted, not added twice.
   */
  async import(staff: CurrentStaff, fileName: string, text: string) {
    const report = parseSimCsv(text);
    if (report.rows.length === 0 && report.errors.length === 0)
      throw AppError.field('file', M.stockFileEmpty);
    const now = this.clock.now();
    return this.database.transaction(async (tx) => {
      const batch = await repo.insertBatch(tx.db, {
        fileName: fileName.slice(0, 200),
        importedBy: staff.id,
        added: 0,
        rejected: report.errors.length,
        createdAt: now,
      });
      const added = await repo.insertSims(tx.db, batch.id, report.rows, now);
      await repo.setBatchAdded(tx.db, batch.id, added.length);
      await staffAuditRecords.record(tx.db, {
        at: now,
        staffId: staff.id,
        action: 'import-sims',
        subject: batch.fileName,
        detail: {
          batchId: batch.id,
          added: added.length,
          alreadyInStock: report.rows.length - added.length,
          rejected: report.errors.length,
        },
      });
      return {
        batchId: batch.id,
        added: added.length,
        alreadyInStock: report.rows.length - added.length,
        errors: report.errors,
      };
    });
  }

  async stock() {
    const rows = await repo.countByState(this.database.db);
    const counts = Object.fromEntries(SIM_STATES.map((s) => [s, 0])) as Record<SimState, number>;
    for (const r of rows) counts[r.state] = r.n;
    return {
      counts,
      lowStock: counts.available < LOW_STOCK_THRESHOLD ? M.lowStock(counts.available) : null,
    };
  }

  async list(query: { state?: SimState; q?: string; page?: number }) {
    const page = await repo.page(this.database.db, query.state, query.q, query.page ?? 1);
    return { ...page, items: page.rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })) };
  }

  /** Takes a SIM out of service (lost in the post, damaged); an assigned one leaves its order line. */
  async setState(staff: CurrentStaff, iccid: string, state: 'lost' | 'retired', reason: string) {
    await this.database.transaction(async (tx) => {
      const now = this.clock.now();
      if (!(await repo.setState(tx.db, iccid, state, reason, now)))
        throw new AppError(409, M.simNotAvailable(iccid));
      await staffAuditRecords.record(tx.db, {
        at: now,
        staffId: staff.id,
        action: `sim-${state}`,
        subject: iccid,
        reason,
      });
    });
    return { iccid, state };
  }
}
