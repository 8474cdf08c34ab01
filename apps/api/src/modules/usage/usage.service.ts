import { bundleMonth, formatChargedUsage, formatMoney, Messages } from '@selfcare/domain';
import type {
  Balances,
  Bucket,
  DailyUsage,
  UsageRecord,
  UsageRecordsPage,
} from '@selfcare/domain/contracts/usage';
import type { UsageSummary } from '@selfcare/domain/contracts/usage-summary';
import { LineServiceMessages } from '@selfcare/domain/line-services';
import {
  type LineUsagePolicyInput,
  USAGE_PAGE_SIZE,
  type UsageQuery,
  type UsageSummaryQuery,
} from '@selfcare/domain/schemas/usage';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { type MvneBucket, type MvneClient, MvneUnavailableError } from '../../integrations/mvne.ts';
import type { Queue } from '../../jobs/queue.ts';
import type { ProductsService } from '../products/index.ts';
import { sendUsageOptionsJob } from './usage.jobs.ts';
import { type RecordRow, usageRepository as repo } from './usage.repository.ts';

/** Balances read from the MVNE within this long are answered from the copy we keep (ADR 0022). */
export const BALANCES_FRESH_MS = 30_000;

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
  constructor(
    private readonly deps: {
      database: Database;
      clock: Clock;
      queue: Queue;
      mvne: Pick<MvneClient, 'usage' | 'services'>;
      /** Which add-ons go on next month: the products module's (ADR 0024). */
      renewals: Pick<ProductsService, 'renewing'>;
    },
  ) {}

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
        suspended: l.state === 'suspended',
        ended: l.state === 'terminated',
      })),
      buckets,
      readAt: readAt?.toISOString() ?? null,
      stale,
      renewsAt: bundleMonth(now).end.toISOString(),
      today: sgDay(now),
    });
    const kept = await repo.balances(
      this.db,
      lines.map((l) => l.id),
    );
    // Shared buckets are kept with each line that read them: shown once.
    const keptBuckets = () => uniqueBuckets(kept.flatMap((k) => k.buckets));
    const oldestKept = kept.length ? new Date(Math.min(...kept.map((k) => k.readAt.getTime()))) : null;
    if (
      lines.length &&
      kept.length === lines.length &&
      (oldestKept?.getTime() ?? 0) > now.getTime() - BALANCES_FRESH_MS
    )
      return view(keptBuckets(), oldestKept, false);
    const services = lines.filter((l) => l.mvneServiceId);
    if (!services.length) return view([], null, false);
    let answer: MvneBucket[];
    try {
      answer = await this.deps.mvne.usage.usageConsumption(services.map((l) => l.mvneServiceId as string));
    } catch (err) {
      if (!(err instanceof MvneUnavailableError)) throw err;
      return view(keptBuckets(), oldestKept, true);
    }
    const byService = new Map(services.map((l) => [l.mvneServiceId as string, l.id]));
    const renewing = answer.some((b) => b.product)
      ? await this.deps.renewals.renewing(ids(lines))
      : new Set<string>();
    const toBucket = (b: MvneBucket, lineId: string | null) =>
      bucketOf(b, lineId, !!b.product && renewing.has(b.product.id));
    const perLine = new Map<string, Bucket[]>(lines.map((l) => [l.id, []]));
    const shared: Bucket[] = [];
    for (const b of answer) {
      const lineId = b.serviceId ? byService.get(b.serviceId) : undefined;
      // A bucket of a service not asked about is not this user's to see.
      if (b.serviceId && !lineId) continue;
      if (b.isShared || !lineId) shared.push(toBucket(b, null));
      else perLine.get(lineId)?.push(toBucket(b, lineId));
    }
    await repo.saveBalances(
      this.db,
      [...perLine].map(([id, buckets]) => ({ lineId: id, buckets: [...buckets, ...shared], readAt: now })),
    );
    return view(uniqueBuckets([...[...perLine.values()].flat(), ...shared]), now, false);
  }

  /** Use of one scope between two Singapore days, per line, kind, direction and country. */
  async summary(userId: string, query: UsageSummaryQuery): Promise<UsageSummary> {
    const lines = await this.lines(userId, query.line);
    const rows = lines.length
      ? await repo.summary(this.deps.database.pool, ids(lines), query.scope, query.from, query.to)
      : [];
    return { from: query.from, to: query.to, rows };
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
    if (line.state === 'terminated')
      throw new AppError(409, 'This line has ended: its options cannot change.');
    // Nothing changes on a suspended line until support resumes it (ADR 0025).
    if (line.state === 'suspended') throw new AppError(409, LineServiceMessages.suspendedLine);
    const settings = {
      rollover: line.dataGb !== null && (input.rollover ?? line.rollover),
      stopDataAtLimit: line.dataGb !== null && (input.stopDataAtLimit ?? line.stopDataAtLimit),
    };
    const same = settings.rollover === line.rollover && settings.stopDataAtLimit === line.stopDataAtLimit;
    if (!same)
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
    await this.deps.mvne.services.setUsageOptions(line.mvneServiceId, line);
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
      bucket: query.bucket,
    };
  }
}

const ids = (lines: { id: string }[]) => lines.map((l) => l.id);
const uniqueBuckets = (buckets: Bucket[]) => [...new Map(buckets.map((b) => [b.id, b])).values()];

function bucketOf(b: MvneBucket, lineId: string | null, renews: boolean): Bucket {
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
    ...(renews ? { renews } : {}),
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

/** 'YYYY-MM-DD HH:MM:SS' in Singapore time. */
const sgDateTime = (at: Date) => new Date(at.getTime() + SG_MS).toISOString().slice(0, 19).replace('T', ' ');

/** A CSV cell: quoted when it holds a quote, comma or line break; never read as a formula. */
function csvCell(v: string | number): string {
  let text = String(v);
  if (/^[=+\-@\t\r]/.test(text) && typeof v !== 'number') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(r: RecordRow): string {
  const unit = UNITS[r.kind];
  return `${[
    sgDateTime(r.started_at),
    r.msisdn,
    KIND_LABELS[r.kind],
    r.direction ?? '',
    r.country,
    formatChargedUsage(Number(r.volume), unit),
    r.volume,
    unit,
    r.out_of_bundle,
    formatMoney(r.charge_cents).replace(/^\$/, ''),
  ]
    .map(csvCell)
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
