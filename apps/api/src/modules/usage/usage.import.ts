import { bundleMonth } from '@selfcare/domain';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import type { MvneClient, MvneUsageRecord } from '../../integrations/mvne.ts';
import { type Queryable, usageRepository as repo, type StoredRecord } from './usage.repository.ts';

/** Records asked of the MVNE per page; each page is stored in one transaction. */
export const IMPORT_PAGE = 5000;

/** What a usage record must be to be stored: anything else is kept aside, never guessed at. */
const recordSchema = z.object({
  sequence: z.number().int().positive(),
  serviceId: z.string().min(1).max(100),
  usageDate: z.iso.datetime({ offset: true }),
  usageType: z.enum(['data', 'voice', 'sms']),
  scope: z.enum(['local', 'idd', 'roaming']),
  direction: z.enum(['outgoing', 'incoming']).nullable(),
  country: z.string().regex(/^[A-Z]{2}$/),
  volume: z.number().int().nonnegative(),
  bucketId: z.string().max(200).nullable(),
  outOfBundle: z.number().int().nonnegative(),
  chargeCents: z.number().int().nonnegative(),
});

export interface ImportRun {
  stored: number;
  /** More records were waiting when the run stopped. */
  more: boolean;
  /** The lines that have new records: their alerts are checked next. */
  lines: string[];
}

const SG_MS = 8 * 3600_000;
/** A Singapore month as a partition of usage_records: its key (YYYYMM) and bounds. */
function monthOf(at: Date) {
  const { start, end } = bundleMonth(at);
  const key = new Date(start.getTime() + SG_MS).toISOString().slice(0, 7).replace('-', '');
  return { key, start, end };
}

/**
 * The import of the MVNE's usage records (ADR 0022): page by page from the cursor, each page stored
 * with the cursor moved in one transaction, so that a replay or a crash never doubles or loses one.
 */
export class UsageImport {
  private readonly partitions = new Set<string>();

  constructor(private readonly deps: { database: Database; clock: Clock; mvne: Pick<MvneClient, 'usage'> }) {}

  /**
   * Job: imports page by page until caught up or `untilMs` has passed. The next page is asked for
   * while this one is stored, and used only if this one's transaction moved the cursor to it.
   */
  async importRecords(untilMs = Number.POSITIVE_INFINITY): Promise<ImportRun> {
    const { database, mvne } = this.deps;
    const lines = new Set<string>();
    const adopted = await this.adoptOrphans();
    let stored = adopted.stored;
    for (const line of adopted.lines) lines.add(line);
    let after = await repo.cursor(database.pool);
    // A page asked for ahead fails only when awaited: until then its failure is held, not thrown.
    const ask = (from: number) => {
      const page = mvne.usage.usageRecords(from, IMPORT_PAGE);
      page.catch(() => {});
      return page;
    };
    let next = ask(after);
    for (;;) {
      const records = await next;
      const last = records.at(-1)?.sequence;
      if (last === undefined) return { stored, more: false, lines: [...lines] };
      if (!Number.isSafeInteger(last) || last <= after)
        throw new Error(`the MVNE's usage page after ${after} ends at sequence ${String(last)}`);
      const full = records.length === IMPORT_PAGE;
      if (full) next = ask(last);
      const page = await this.storePage(after, last, records);
      // Another import moved the cursor first: it has these, and goes on from there.
      if (page === null) return { stored, more: false, lines: [...lines] };
      stored += page.stored;
      for (const line of page.lines) lines.add(line);
      after = last;
      if (!full || Date.now() >= untilMs) return { stored, more: full, lines: [...lines] };
    }
  }

  /**
   * Stores the records kept aside for a service no line had, now that a line has it (the MVNE rated
   * its first use before its activation was recorded here).
   */
  private async adoptOrphans() {
    return this.deps.database.transaction(async (tx) => {
      const records = await repo.adoptOrphans(tx.client);
      if (!records.length) return { stored: 0, lines: [] };
      // In this transaction: another connection would wait for it (the embedded database runs one
      // transaction at a time), and a partition made here is gone if it rolls back.
      await this.ensurePartitions(records, tx.client);
      return repo.insertRecords(tx.client, records);
    });
  }

  /**
   * One page, the records after `after` up to `last`: stored with the cursor moved to `last` in one
   * transaction, so a crash before the commit leaves both as they were. Null when the cursor was not
   * at `after` (another import got there first): nothing is stored. A record that is not what a usage
   * record must be is kept aside with the service id 'invalid', for people to look at.
   */
  private async storePage(after: number, last: number, page: MvneUsageRecord[]) {
    const { database, clock } = this.deps;
    const valid: StoredRecord[] = [];
    const invalid: { sequence: number; record: unknown }[] = [];
    for (const r of page) {
      const checked = recordSchema.safeParse(r);
      if (checked.success) valid.push(checked.data);
      else if (Number.isSafeInteger(r?.sequence)) invalid.push({ sequence: r.sequence, record: r });
    }
    await this.ensurePartitions(valid);
    return database.transaction(async (tx) => {
      if (!(await repo.advanceCursor(tx.client, after, last, clock.now()))) return null;
      if (invalid.length) await repo.keepInvalid(tx.client, invalid);
      return repo.insertRecords(tx.client, valid);
    });
  }

  /**
   * The partitions the records fall in, and the month after each, so that a month's partition is
   * there before its first record (creating one locks the table for a moment).
   */
  private async ensurePartitions(records: Pick<StoredRecord, 'usageDate'>[], inTransaction?: Queryable) {
    const months = new Map<string, ReturnType<typeof monthOf>>();
    for (const r of records) {
      const month = monthOf(new Date(r.usageDate));
      months.set(month.key, month);
      const following = monthOf(month.end);
      months.set(following.key, following);
    }
    for (const month of months.values()) {
      if (this.partitions.has(month.key)) continue;
      await repo.ensurePartition(inTransaction ?? this.deps.database.pool, month);
      // Remembered only once it surely exists: made outside a transaction that could roll back.
      if (!inTransaction) this.partitions.add(month.key);
    }
  }
}
