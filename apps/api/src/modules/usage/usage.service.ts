import { bundleMonth, formatMoney, formatSgDateTime, formatUsage, Messages } from '@selfcare/domain';
import type {
  Balances,
  Bucket,
  DailyUsage,
  UsageRecord,
  UsageRecordsPage,
} from '@selfcare/domain/contracts/usage';
import { type LineUsagePolicyInput, USAGE_PAGE_SIZE, type UsageQuery } from '@selfcare/domain/schemas/usage';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  type MvneBucket,
  type MvneClient,
  MvneUnavailableError,
  type MvneUsageRecord,
} from '../../integrations/mvne.ts';
import type { Queue } from '../../jobs/queue.ts';
import { sendUsageOptionsJob } from './usage.jobs.ts';
import { type RecordRow, usageRepository as repo } from './usage.repository.ts';

/** Balances read from the MVNE within this long are answered from the copy we keep (ADR 0022). */
export const BALANCES_FRESH_MS = 30_000;
/** Records asked of the MVNE per page; each page is stored in one transaction. */
export const IMPORT_PAGE = 5000;

const SG_MS = 8 * 3600_000;
/** The Singapore day of an instant, YYYY-MM-DD. */
const sgDay = (at: Date) => new Date(at.getTime() + SG_MS).toISOString().slice(0, 10);
/** 00:00 Singapore time on a YYYY-MM-DD day. */
const sgMidnight = (day: string) => new Date(`${day}T00:00:00+08:00`);
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

type VisibleLine = Awaited<ReturnType<typeof repo.visibleLines>>[number];

/**
 * A customer's usage: balances read live from the MVNE (kept 30 s, and shown with their time when
 * the MVNE does not answer), daily sums and records imported from the MVNE's usage records.
 */
export class UsageService {
  private readonly partitions = new Set<string>();

  constructor(private readonly deps: { database: Database; clock: Clock; queue: Queue; mvne: MvneClient }) {}

  private get db() {
    return this.deps.database.db;
  }

  /** The lines the user may see; `lineId`, when given, narrows to it (another's line is not found). */
  async lines(userId: string, lineId?: string): Promise<VisibleLine[]> {
    const lines = await repo.visibleLines(this.db, userId);
    if (!lineId) return lines;
    const line = lines.find((l) => l.id === lineId);
    if (!line) throw new AppError(404, Messages.notFound);
    return [line];
  }

  async balances(userId: string, lineId?: string): Promise<Balances> {
    const now = this.deps.clock.now();
    const lines = await this.lines(userId, lineId);
    const view = (buckets: Bucket[], readAt: Date | null, stale: boolean): Balances => ({
      lines: lines.map((l) => ({
        id: l.id,
        msisdn: l.msisdn,
        isMainLine: l.isMainLine,
        planName: l.planName,
        unlimited: { data: l.dataGb === null, voice: l.talkMinutes === null, sms: l.sms === null },
        rollover: l.rollover,
        stopDataAtLimit: l.stopDataAtLimit,
      })),
      buckets,
      readAt: readAt?.toISOString() ?? null,
      stale,
      renewsAt: bundleMonth(now).end.toISOString(),
    });
    const kept = await repo.balances(
      this.db,
      lines.map((l) => l.id),
    );
    const oldest = kept.length === lines.length ? Math.min(...kept.map((k) => k.readAt.getTime())) : 0;
    const keptBuckets = () => kept.flatMap((k) => k.buckets);
    if (lines.length && oldest > now.getTime() - BALANCES_FRESH_MS)
      return view(keptBuckets(), new Date(oldest), false);
    const services = lines.filter((l) => l.mvneServiceId);
    if (!services.length) return view([], null, false);
    let answer: MvneBucket[];
    try {
      answer = await this.deps.mvne.usageConsumption(services.map((l) => l.mvneServiceId as string));
    } catch (err) {
      if (!(err instanceof MvneUnavailableError)) throw err;
      return view(keptBuckets(), kept.length ? new Date(oldest || now.getTime()) : null, true);
    }
    const byService = new Map(services.map((l) => [l.mvneServiceId as string, l.id]));
    const main = lines[0]?.id as string;
    const perLine = new Map<string, Bucket[]>(lines.map((l) => [l.id, []]));
    for (const b of answer) {
      const lineId = b.serviceId ? byService.get(b.serviceId) : undefined;
      perLine.get(lineId ?? main)?.push(toBucket(b, b.isShared ? null : (lineId ?? null)));
    }
    await repo.saveBalances(
      this.db,
      [...perLine].map(([id, buckets]) => ({ lineId: id, buckets, readAt: now })),
    );
    return view([...perLine.values()].flat(), now, false);
  }

  /** Local use per day of a bundle month (this one unless `month` is YYYY-MM), up to today. */
  async daily(userId: string, month?: string, lineId?: string): Promise<DailyUsage> {
    const lines = await this.lines(userId, lineId);
    const today = sgDay(this.deps.clock.now());
    const first = `${month ?? today.slice(0, 7)}-01`;
    const last = addDays(sgDay(bundleMonth(sgMidnight(first)).end), -1);
    const end = [last, today].sort()[0] as string;
    const rows =
      lines.length && first <= end ? await repo.daily(this.deps.database.pool, ids(lines), first, end) : [];
    const days: DailyUsage['days'] = [];
    for (let d = first; d <= end; d = addDays(d, 1)) days.push({ day: d, data: 0, voice: 0, sms: 0 });
    const index = new Map(days.map((d) => [d.day, d]));
    for (const r of rows) {
      const day = index.get(r.day);
      if (day) day[r.kind] += r.volume;
    }
    return { month: first.slice(0, 7), days };
  }

  /**
   * /manage/policyControl: saves a line's data rollover and stop-at-100% options and has a job tell
   * the MVNE, in one transaction. Rollover counts from the next renewal; the stop at once.
   */
  async setOptions(userId: string, lineId: string, input: LineUsagePolicyInput) {
    const [line] = await this.lines(userId, lineId);
    if (!line) throw new AppError(404, Messages.notFound);
    const settings = {
      rollover: line.dataGb !== null && (input.rollover ?? line.rollover),
      stopDataAtLimit: line.dataGb !== null && (input.stopDataAtLimit ?? line.stopDataAtLimit),
    };
    await this.deps.database.transaction(async (tx) => {
      await repo.saveSettings(tx.db, line.id, settings, this.deps.clock.now());
      await this.deps.queue.send(sendUsageOptionsJob, { lineId: line.id }, tx);
    });
    const [saved] = (await this.balances(userId, line.id)).lines;
    return saved as Balances['lines'][number];
  }

  /** Job: tells the MVNE the line's options as saved now (a later change sends its own job). */
  async sendOptions(lineId: string) {
    const line = await repo.lineOptions(this.db, lineId);
    if (!line?.mvneServiceId) return;
    await this.deps.mvne.setUsageOptions(line.mvneServiceId, line);
  }

  /** A page of the records the query selects, newest first. */
  async records(userId: string, query: UsageQuery): Promise<UsageRecordsPage> {
    const lines = await this.lines(userId, query.line);
    const rows = await repo.records(
      this.deps.database.pool,
      { ...this.filter(lines, query), before: query.after ? parseCursor(query.after) : undefined },
      USAGE_PAGE_SIZE + 1,
    );
    const page = rows.slice(0, USAGE_PAGE_SIZE);
    const last = page.at(-1);
    return {
      items: page.map(toRecord),
      next:
        rows.length > USAGE_PAGE_SIZE && last
          ? `${last.started_at.toISOString()}~${last.mvne_sequence}`
          : null,
    };
  }

  /** The records the query selects as CSV lines, read a thousand at a time, so memory stays flat. */
  async *csv(userId: string, query: UsageQuery): AsyncGenerator<string> {
    const lines = await this.lines(userId, query.line);
    const filter = this.filter(lines, query);
    yield 'Date and time (SGT),Number,Type,Direction,Country,Amount,Volume,Unit,Out of bundle,Charge (SGD)\n';
    let before: { startedAt: Date; sequence: number } | undefined;
    for (;;) {
      const rows = await repo.records(this.deps.database.pool, { ...filter, before }, 1000);
      if (!rows.length) return;
      yield rows.map(csvLine).join('');
      const last = rows.at(-1) as RecordRow;
      before = { startedAt: last.started_at, sequence: Number(last.mvne_sequence) };
    }
  }

  private filter(lines: VisibleLine[], query: UsageQuery) {
    return {
      lineIds: ids(lines),
      from: sgMidnight(query.from),
      to: sgMidnight(addDays(query.to, 1)),
      kind: query.kind,
      scope: query.scope,
    };
  }

  /**
   * Job: imports the MVNE's new usage records page by page until it is caught up or `untilMs` has
   * passed. Answers how many records it stored and whether more are waiting. The next page is asked
   * for while this one is stored; it is only used if this one's transaction moved the cursor to it.
   */
  async importRecords(untilMs = Number.POSITIVE_INFINITY): Promise<{ stored: number; more: boolean }> {
    const { database, mvne } = this.deps;
    let stored = await this.adoptOrphans();
    let after = await repo.cursor(database.pool);
    let next = mvne.usageRecords(after, IMPORT_PAGE);
    for (;;) {
      const records = await next;
      const last = records.at(-1);
      if (!last) return { stored, more: false };
      const full = records.length === IMPORT_PAGE;
      if (full) next = mvne.usageRecords(last.sequence, IMPORT_PAGE);
      let page: number | null;
      try {
        page = await this.storePage(after, records);
      } catch (err) {
        if (full) next.catch(() => {});
        throw err;
      }
      // Another import moved the cursor first: it has these, and goes on from there.
      if (page === null) {
        if (full) next.catch(() => {});
        return { stored, more: false };
      }
      stored += page;
      after = last.sequence;
      if (!full) return { stored, more: false };
      if (Date.now() >= untilMs) {
        next.catch(() => {});
        return { stored, more: true };
      }
    }
  }

  /**
   * Stores the records kept aside for a service no line had, now that a line has it (the MVNE rated
   * its first use before its activation was recorded here).
   */
  private async adoptOrphans(): Promise<number> {
    return this.deps.database.transaction(async (tx) => {
      const records = await repo.adoptOrphans(tx.client);
      return records.length ? repo.insertRecords(tx.client, records) : 0;
    });
  }

  /**
   * One page, the records after `after`: stored with the cursor moved to its last in one
   * transaction, so a crash before the commit leaves both as they were. Null when the cursor was not
   * at `after` (another import got there first): nothing is stored.
   */
  private async storePage(after: number, records: MvneUsageRecord[]): Promise<number | null> {
    const { database, clock } = this.deps;
    const last = records.at(-1) as MvneUsageRecord;
    for (const month of monthsOf(records)) {
      if (this.partitions.has(month.key)) continue;
      await repo.ensurePartition(database.pool, month);
      this.partitions.add(month.key);
    }
    return database.transaction(async (tx) => {
      if (!(await repo.advanceCursor(tx.client, after, last.sequence, clock.now()))) return null;
      return repo.insertRecords(tx.client, records);
    });
  }
}

const ids = (lines: { id: string }[]) => lines.map((l) => l.id);

function toBucket(b: MvneBucket, lineId: string | null): Bucket {
  return {
    id: b.id,
    lineId,
    shared: b.isShared,
    kind: b.usageType,
    scope: b.scope,
    origin: b.origin,
    name: b.name,
    unit: b.units,
    size: b.size,
    remaining: b.remaining,
    validFrom: b.validFor.startDateTime,
    validTo: b.validFor.endDateTime,
  };
}

function toRecord(r: RecordRow): UsageRecord {
  return {
    id: r.mvne_sequence,
    lineId: r.line_id,
    msisdn: r.msisdn,
    kind: r.kind,
    scope: r.scope,
    direction: r.direction,
    country: r.country,
    startedAt: r.started_at.toISOString(),
    unit: UNITS[r.kind],
    volume: Number(r.volume),
    bucket: r.bucket,
    outOfBundle: Number(r.out_of_bundle),
    chargeCents: r.charge_cents,
  };
}

const UNITS = { data: 'BYTES', voice: 'SECONDS', sms: 'EVENTS' } as const;
const KIND_LABELS = { data: 'Data', voice: 'Call', sms: 'SMS' } as const;

function csvLine(r: RecordRow): string {
  const unit = UNITS[r.kind];
  return `${[
    formatSgDateTime(r.started_at),
    r.msisdn,
    KIND_LABELS[r.kind],
    r.direction ?? '',
    r.country,
    formatUsage(Number(r.volume), unit),
    r.volume,
    unit,
    r.out_of_bundle,
    formatMoney(r.charge_cents).replace(/^\$/, ''),
  ]
    .map((v) => (/[",\n]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : v))
    .join(',')}\n`;
}

/** The keyset cursor of a records page: the last record's start and sequence. */
function parseCursor(after: string): { startedAt: Date; sequence: number } {
  const [at, seq] = after.split('~');
  const startedAt = new Date(at ?? '');
  const sequence = Number(seq);
  if (Number.isNaN(startedAt.getTime()) || !Number.isSafeInteger(sequence) || sequence < 0)
    throw new AppError(400, 'Page is invalid');
  return { startedAt, sequence };
}

/** The Singapore months a page of records falls in, as partitions of usage_records. */
function monthsOf(records: MvneUsageRecord[]) {
  const months = new Map<string, { key: string; start: Date; end: Date }>();
  for (const r of records) {
    const { start, end } = bundleMonth(new Date(r.usageDate));
    const key = sgDay(start).slice(0, 7).replace('-', '');
    if (!months.has(key)) months.set(key, { key, start, end });
  }
  return months.values();
}
