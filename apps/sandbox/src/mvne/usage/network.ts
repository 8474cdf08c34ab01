import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleMonth, dataCarriedOver } from '@selfcare/domain';
import type { Subscription } from '../records.ts';
import { MVNE_PLANS } from './plans.ts';
import { type Allowances, allowancesOf, type Balances, fill, rate } from './rating.ts';
import {
  DEFAULT_TRAFFIC_PROFILE,
  hashId,
  hourEvents,
  Rng,
  type TrafficProfile,
  TripCalendar,
} from './traffic.ts';
import {
  BUCKET_DATA,
  BUCKET_ROAMING_DATA,
  BUCKET_ROLLOVER,
  BUCKET_SMS,
  BUCKET_VOICE,
  bucketId,
  UsageLog,
  type UsageRecordView,
} from './usage-log.ts';

const HOUR_MS = 3600_000;

/** A line's generation progress and balances, kept with the MVNE's records across restarts. */
interface LineUsage extends Balances {
  id: string;
  /** The hour (counted from the epoch) the next generation starts at: every hour before it is done. */
  until: number;
  /** The start of the bundle month the balances are for. */
  month: number;
}

interface UsageState {
  lastSequence: number;
  profile: TrafficProfile;
  /** In the order lines were first seen; a line's position is its index in the record log. */
  lines: LineUsage[];
}

/** A balance bucket as TMF677 usage consumption gives it. */
export interface UsageBucket {
  id: string;
  name: string;
  usageType: 'data' | 'voice' | 'sms';
  scope: 'local' | 'roaming';
  origin: 'plan' | 'rollover';
  isShared: false;
  serviceId: string;
  size: number;
  remaining: number;
  units: 'BYTES' | 'SECONDS' | 'EVENTS';
  validFor: { startDateTime: string; endDateTime: string };
}

const rated = (x: Subscription) => (x.state === 'active' || x.state === 'suspended') && !!planOf(x);
const planOf = (x: Subscription) => (x.planCode ? MVNE_PLANS[x.planCode] : undefined);

/**
 * The network's side of usage: every active line with a plan the MVNE knows makes traffic hour by
 * hour up to the sandbox clock, each event is rated against the line's buckets of the bundle month
 * and written to the record log. Buckets renew at 00:00 Singapore time on the 1st, with the plan
 * data left carried into a rollover bucket when the line has rollover on at that moment (ADR 0022).
 * The log holds the records; this state (progress, balances, profile) goes to a small JSON file
 * beside it, written after the records it accounts for.
 */
export class UsageNetwork {
  private readonly lines: LineUsage[] = [];
  private readonly byId = new Map<string, LineUsage>();
  private readonly indexes = new Map<string, number>();
  private readonly serviceIds: string[] = [];
  private profile: TrafficProfile = { ...DEFAULT_TRAFFIC_PROFILE };
  private readonly log: UsageLog;
  private readonly stateFile?: string;
  private readonly rng = new Rng();

  /**
   * `dir` keeps `usage.bin` (the records) and `usage.json` (this state); `fresh` starts both over,
   * for an MVNE that starts with no saved records.
   */
  constructor(
    private readonly subscriptions: ReadonlyMap<string, Subscription>,
    opts: { dir?: string; fresh: boolean },
  ) {
    this.stateFile = opts.dir ? join(opts.dir, 'usage.json') : undefined;
    const saved = this.stateFile && !opts.fresh ? readState(this.stateFile) : null;
    if (saved) {
      this.profile = { ...DEFAULT_TRAFFIC_PROFILE, ...saved.profile };
      for (const line of saved.lines) this.add(line);
    }
    this.log = new UsageLog(opts.dir ? join(opts.dir, 'usage.bin') : undefined, saved?.lastSequence ?? 0);
    if (this.stateFile && !saved) this.save();
  }

  recordCount(): number {
    return this.log.lastSequence;
  }

  trafficProfile(): TrafficProfile {
    return { ...this.profile };
  }

  /** Changes the profile for the hours not generated yet. */
  setTrafficProfile(partial: Partial<TrafficProfile>): TrafficProfile {
    this.profile = { ...this.profile, ...partial };
    this.save();
    return this.trafficProfile();
  }

  /** Starts a line's traffic at `from` (the first whole hour after it), with full buckets. */
  register(x: Subscription, from: number): void {
    const plan = planOf(x);
    if (!plan || this.byId.has(x.id)) return;
    const line: LineUsage = {
      id: x.id,
      until: Math.ceil(from / HOUR_MS),
      month: bundleMonth(new Date(from)).start.getTime(),
      data: 0,
      voice: 0,
      sms: 0,
      roamingData: 0,
      rolloverSize: 0,
      rollover: 0,
    };
    fill(line, allowancesOf(plan));
    this.add(line);
  }

  /**
   * Generates the traffic of every rated line up to the last whole hour before `now`, hour by hour
   * across all lines (so the records and their sequence are the same however the generation is cut
   * up), and renews buckets up to `now`'s bundle month. A line the network sees for the first time
   * starts at its activation, on this clock. Returns how many records were written.
   */
  generateUntil(now: Date): number {
    const target = Math.floor(now.getTime() / HOUR_MS);
    // Activation times are the MVNE's real time; traffic runs on the sandbox clock, which may be ahead.
    const ahead = Math.max(0, now.getTime() - Date.now());
    const work: {
      x: Subscription;
      line: LineUsage;
      index: number;
      allowances: Allowances;
      trips: TripCalendar;
      hash: number;
    }[] = [];
    let from = target;
    for (const x of this.subscriptions.values()) {
      if (!rated(x) || !x.activatedAt) continue;
      if (!this.byId.has(x.id)) this.register(x, Date.parse(x.activatedAt) + ahead);
      const line = this.byId.get(x.id) as LineUsage;
      const hash = hashId(x.id);
      const allowances = allowancesOf(planOf(x) as NonNullable<ReturnType<typeof planOf>>);
      const index = this.indexes.get(x.id) as number;
      work.push({ x, line, index, allowances, hash, trips: new TripCalendar(this.profile, hash) });
      from = Math.min(from, line.until);
    }
    const before = this.log.lastSequence;
    const write = this.log.append.bind(this.log);
    let changed = false;
    let [monthStart, monthEnd] = [0, 0];
    for (let hour = from; hour < target; hour++) {
      const at = hour * HOUR_MS;
      if (at >= monthEnd) {
        const m = bundleMonth(new Date(at));
        [monthStart, monthEnd] = [m.start.getTime(), m.end.getTime()];
      }
      for (const w of work) {
        const { line, x } = w;
        if (line.until !== hour) continue;
        if (line.month < monthStart) this.renew(line, w.allowances, x.rollover === true, monthStart);
        if (x.state === 'active') {
          const country = w.trips.countryAt(this.rng, hour);
          const stop = x.stopDataAtLimit === true;
          for (const e of hourEvents(this.rng, this.profile, w.hash, hour, country))
            rate(e, hour * 3600 + e.offset, w.index, w.allowances, line, stop, write);
        }
        line.until = hour + 1;
        changed = true;
      }
    }
    const current = bundleMonth(new Date(target * HOUR_MS)).start.getTime();
    for (const w of work)
      if (w.line.month < current) {
        this.renew(w.line, w.allowances, w.x.rollover === true, current);
        changed = true;
      }
    if (changed) {
      this.log.flush();
      this.save();
    }
    return this.log.lastSequence - before;
  }

  /** Records after sequence `after`, oldest first, at most `limit`. */
  records(after: number, limit: number): UsageRecordView[] {
    return this.log.page(after, limit, this.serviceIds);
  }

  /** The buckets of the given services (active or suspended, on a plan the MVNE rates) for their month. */
  buckets(serviceIds: string[]): UsageBucket[] {
    const out: UsageBucket[] = [];
    for (const id of new Set(serviceIds)) {
      const x = this.subscriptions.get(id);
      const line = this.byId.get(id);
      if (!x || !line || !rated(x)) continue;
      const a = allowancesOf(planOf(x) as NonNullable<ReturnType<typeof planOf>>);
      const month = bundleMonth(new Date(line.month));
      const validFor = { startDateTime: month.start.toISOString(), endDateTime: month.end.toISOString() };
      const bucket = (
        code: number,
        name: string,
        usageType: UsageBucket['usageType'],
        size: number,
        remaining: number,
      ): UsageBucket => ({
        id: bucketId(id, line.month, code),
        name,
        usageType,
        scope: code === BUCKET_ROAMING_DATA ? 'roaming' : 'local',
        origin: code === BUCKET_ROLLOVER ? 'rollover' : 'plan',
        isShared: false,
        serviceId: id,
        size,
        remaining: Math.max(0, remaining),
        units: usageType === 'data' ? 'BYTES' : usageType === 'voice' ? 'SECONDS' : 'EVENTS',
        validFor,
      });
      if (a.data !== null) out.push(bucket(BUCKET_DATA, 'Local data', 'data', a.data, line.data));
      if (line.rolloverSize > 0)
        out.push(bucket(BUCKET_ROLLOVER, 'Rollover data', 'data', line.rolloverSize, line.rollover));
      if (a.voice !== null) out.push(bucket(BUCKET_VOICE, 'Local talk time', 'voice', a.voice, line.voice));
      if (a.sms !== null) out.push(bucket(BUCKET_SMS, 'Local SMS', 'sms', a.sms, line.sms));
      if (a.roamingData > 0)
        out.push(bucket(BUCKET_ROAMING_DATA, 'Roaming data', 'data', a.roamingData, line.roamingData));
    }
    return out;
  }

  /**
   * Moves a line's balances on to the month starting at `to`, one reset at a time: full plan buckets,
   * and the plan data left (at most a month's allowance) carried over when rollover is on. A rollover
   * bucket lasts its month only.
   */
  private renew(line: LineUsage, a: Allowances, rolloverOn: boolean, to: number) {
    while (line.month < to) {
      const carried = dataCarriedOver({ allowanceBytes: a.data, remainingBytes: line.data }, rolloverOn);
      line.month = bundleMonth(new Date(line.month)).end.getTime();
      fill(line, a);
      line.rolloverSize = line.rollover = carried;
    }
  }

  private add(line: LineUsage) {
    this.indexes.set(line.id, this.lines.length);
    this.lines.push(line);
    this.byId.set(line.id, line);
    this.serviceIds.push(line.id);
  }

  private save() {
    if (!this.stateFile) return;
    const state: UsageState = {
      lastSequence: this.log.lastSequence,
      profile: this.profile,
      lines: this.lines,
    };
    const tmp = `${this.stateFile}.tmp`;
    writeFileSync(tmp, JSON.stringify(state));
    renameSync(tmp, this.stateFile);
  }
}

function readState(file: string): UsageState | null {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as UsageState;
  } catch {
    return null;
  }
}
