import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleMonth, dataCarriedOver } from '@selfcare/domain';
import { MvneConflict, type Subscription } from '../records.ts';
import { planBuckets, productBucket, type UsageBucket } from './bucket-view.ts';
import { MVNE_PLANS } from './plans.ts';
import { HOUR_MS, type LineProduct, offeringOf, ProductBook } from './product-book.ts';
import { lineProductsAt, NO_PRODUCTS } from './product-draws.ts';
import { type Allowances, allowancesOf, type Balances, fill, type RatingLine, rate } from './rating.ts';
import {
  DEFAULT_TRAFFIC_PROFILE,
  DIRECTION_OUT,
  hashId,
  hourEvents,
  Rng,
  SCOPE_IDD,
  type TrafficProfile,
  TripCalendar,
} from './traffic.ts';
import { MAX_PRODUCT_SLOTS, UsageLog, type UsageRecordView } from './usage-log.ts';

export type { UsageBucket } from './bucket-view.ts';

/** A line's generation progress and balances, kept with the MVNE's records across restarts. */
interface LineUsage extends Balances {
  id: string;
  /** The hour (counted from the epoch) the next generation starts at: every hour before it is done. */
  until: number;
  /** The start of the bundle month the balances are for. */
  month: number;
  /**
   * The products the line has been given, in order, whatever became of them since: slot i is the
   * bucket code BUCKET_PRODUCT_FIRST + i in its records (at most MAX_PRODUCT_SLOTS).
   */
  slots: string[];
}

interface UsageState {
  lastSequence: number;
  profile: TrafficProfile;
  /** Lines that use their network differently (a heavy user, say): what differs from `profile`. */
  serviceProfiles?: Record<string, Partial<TrafficProfile>>;
  /** In the order lines were first seen; a line's position is its index in the record log. */
  lines: LineUsage[];
  /** The products on the lines, with their buckets' balances. */
  products?: LineProduct[];
}

/** A line being generated: what the rating needs of it, and where its products next change. */
interface Work extends RatingLine {
  x: Subscription;
  line: LineUsage;
  trips: TripCalendar;
  hash: number;
  profile: TrafficProfile;
  /** The hour from which its product buckets must be worked out again. */
  next: number;
}

const rated = (x: Subscription) => (x.state === 'active' || x.state === 'suspended') && !!planOf(x);
const planOf = (x: Subscription) => (x.planCode ? MVNE_PLANS[x.planCode] : undefined);

/**
 * The network's side of usage: every active line with a plan the MVNE knows makes traffic hour by
 * hour up to the sandbox clock, each event is rated against the line's buckets of the bundle month
 * and written to the record log. Buckets renew at 00:00 Singapore time on the 1st, with the plan
 * data left carried into a rollover bucket when the line has rollover on at that moment (ADR 0022).
 * Products on the lines (add-ons, boosters, roaming packs, IDD services) add buckets of their own,
 * drawn after the plan's, and a roaming spend cap may stop roaming data for the rest of the month.
 * A line barred from roaming has no service abroad; one barred from international calls makes no
 * IDD calls or SMS, or takes none from a number abroad, at home (roaming traffic is not affected).
 * The log holds the records; this state (progress, balances, products, profile) goes to a small
 * JSON file beside it, written after the records it accounts for.
 */
export class UsageNetwork {
  private readonly lines: LineUsage[] = [];
  private readonly byId = new Map<string, LineUsage>();
  private readonly indexes = new Map<string, number>();
  private readonly serviceIds: string[] = [];
  private profile: TrafficProfile = { ...DEFAULT_TRAFFIC_PROFILE };
  private serviceProfiles: Record<string, Partial<TrafficProfile>> = {};
  private readonly log: UsageLog;
  private readonly stateFile?: string;
  private readonly rng = new Rng();
  private readonly book: ProductBook;
  /** The sandbox time of the last generation: what bucket and product answers are as of. */
  private now = 0;

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
    this.book = new ProductBook(saved?.products);
    if (saved) {
      this.profile = { ...DEFAULT_TRAFFIC_PROFILE, ...saved.profile };
      this.serviceProfiles = saved.serviceProfiles ?? {};
      // State saved before products and spend caps existed has neither.
      for (const line of saved.lines)
        this.add({ ...line, slots: line.slots ?? [], roamingSpent: line.roamingSpent ?? 0 });
    }
    this.log = new UsageLog(opts.dir ? join(opts.dir, 'usage.bin') : undefined, saved?.lastSequence ?? 0);
    if (this.stateFile && !saved) this.save();
  }

  recordCount(): number {
    return this.log.lastSequence;
  }

  /** The network's profile, or what one service does: the network's, with what it does differently. */
  trafficProfile(serviceId?: string): TrafficProfile {
    return { ...this.profile, ...(serviceId ? this.serviceProfiles[serviceId] : undefined) };
  }

  /**
   * Changes the profile for the hours not generated yet: the whole network's, or one service's alone
   * (its other lines' traffic stays exactly as it was: every line and hour has its own draws).
   */
  setTrafficProfile(partial: Partial<TrafficProfile>, serviceId?: string): TrafficProfile {
    if (serviceId) this.serviceProfiles[serviceId] = { ...this.serviceProfiles[serviceId], ...partial };
    else this.profile = { ...this.profile, ...partial };
    this.save();
    return this.trafficProfile(serviceId);
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
      roamingSpent: 0,
      slots: this.book.ofService(x.id).map((p) => p.id),
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
    this.now = Math.max(this.now, now.getTime());
    const work: Work[] = [];
    let from = target;
    for (const x of this.subscriptions.values()) {
      if (!rated(x) || !x.activatedAt) continue;
      if (!this.byId.has(x.id)) this.register(x, Date.parse(x.activatedAt) + ahead);
      const line = this.byId.get(x.id) as LineUsage;
      const hash = hashId(x.id);
      const profile = this.trafficProfile(x.id);
      work.push({
        x,
        line,
        service: this.indexes.get(x.id) as number,
        allowances: allowancesOf(planOf(x) as NonNullable<ReturnType<typeof planOf>>),
        balances: line,
        stopDataAtLimit: false,
        roamingCapCents: null,
        products: NO_PRODUCTS,
        next: Number.NEGATIVE_INFINITY,
        hash,
        profile,
        trips: new TripCalendar(profile, hash),
      });
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
        if (this.book.renew(monthStart)) changed = true;
      }
      for (const w of work) {
        const { line, x } = w;
        if (line.until !== hour) continue;
        if (line.month < monthStart) this.renew(line, w.allowances, x.rollover === true, monthStart);
        // A suspended line, or one whose SIM was lost and blocked, makes and takes nothing.
        if (x.state === 'active' && x.simBlocked !== true) {
          // The product buckets the line may draw on, worked out once for the hours they hold.
          if (hour >= w.next)
            ({ products: w.products, next: w.next } = lineProductsAt(
              this.book,
              x.id,
              line.slots,
              hour,
              monthEnd / HOUR_MS,
            ));
          w.stopDataAtLimit = x.stopDataAtLimit === true;
          w.roamingCapCents = x.roamingSpendCapCents ?? null;
          const country = w.trips.countryAt(this.rng, hour);
          const barOut = x.barOutgoingInternational === true;
          const barIn = x.barIncomingInternational === true;
          // Roaming barred: abroad, the line has no service at all.
          if (country < 0 || x.roamingEnabled !== false)
            for (const e of hourEvents(this.rng, w.profile, w.hash, hour, country)) {
              // International calls barred: an outgoing IDD call or SMS is refused, an incoming one
              // from a number abroad never arrives. Skipped, not drawn again: the rest stays the same.
              if (barOut && e.scope === SCOPE_IDD && e.direction === DIRECTION_OUT) continue;
              if (barIn && e.origin >= 0) continue;
              rate(e, hour * 3600 + e.offset, w, write);
            }
        }
        line.until = hour + 1;
        changed = true;
      }
    }
    const current = bundleMonth(new Date(target * HOUR_MS)).start.getTime();
    if (this.book.renew(current)) changed = true;
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
    return this.log.page(after, limit, this.serviceIds, (service, slot, month) => {
      const id = this.lines[service]?.slots[slot] ?? '';
      const p = this.book.get(id);
      return p && offeringOf(p).recurring === 'monthly' ? `${id}:${month}` : id;
    });
  }

  /**
   * The buckets of the given services (active or suspended, on a plan the MVNE rates) for their
   * month: the plan's, then those of the products serving them at `now` (by default, as of the last
   * generation). A shared product's bucket is listed once, however many of the services it serves.
   */
  buckets(serviceIds: string[], now = this.now || Date.now()): UsageBucket[] {
    const out: UsageBucket[] = [];
    const listed = new Set<string>();
    for (const id of new Set(serviceIds)) {
      const x = this.subscriptions.get(id);
      const line = this.byId.get(id);
      if (!x || !line || !rated(x)) continue;
      const a = allowancesOf(planOf(x) as NonNullable<ReturnType<typeof planOf>>);
      out.push(...planBuckets(id, line.month, a, line));
      for (const productId of line.slots) {
        const p = this.book.get(productId);
        if (!p || listed.has(productId) || !p.services.some((s) => s.id === id)) continue;
        const bucket = productBucket(p, id, now);
        if (bucket) out.push(bucket);
        listed.add(productId);
      }
    }
    return out;
  }

  /** The products realizing a service (every product when none is named), whatever their status. */
  products(serviceId?: string): readonly LineProduct[] {
    return serviceId === undefined ? this.book.all() : this.book.ofService(serviceId);
  }

  product(id: string): LineProduct | undefined {
    return this.book.get(id);
  }

  /** How many more products a line can be given in its life (see MAX_PRODUCT_SLOTS); unbounded if not rated. */
  productsLeft(serviceId: string): number {
    const line = this.byId.get(serviceId);
    return line ? MAX_PRODUCT_SLOTS - line.slots.length : Number.POSITIVE_INFINITY;
  }

  /**
   * Puts a product on its lines, serving from the first whole hour at or after its start. The
   * traffic up to the moment of the order must be generated first, so none of it draws on the product.
   */
  addProduct(input: Parameters<ProductBook['add']>[0]): LineProduct {
    const p = this.book.add(input);
    this.attach(p);
    this.save();
    return p;
  }

  /** Sets the lines a shareable product serves (a line added draws on it from the next whole hour). */
  setProductServices(p: LineProduct, services: string[], now: number): void {
    this.book.setServices(p, services, now);
    this.attach(p);
    this.save();
  }

  /** Ends a product at `at` (never later than an end it had): it serves no hour that ends after it. */
  terminateProduct(p: LineProduct, at: number): void {
    this.book.terminate(p, at);
    this.save();
  }

  /**
   * A line moves to another plan (already rated up to now): what it used of this month's buckets
   * stays used, out of the new plan's allowances; an allowance that was unlimited counts nothing used.
   */
  replan(serviceId: string, from: Allowances, to: Allowances): void {
    const line = this.byId.get(serviceId);
    if (!line) return;
    const left = (old: number | null, now: number | null, remaining: number) =>
      now === null ? 0 : old === null ? now : Math.max(0, now - (old - remaining));
    line.data = left(from.data, to.data, line.data);
    line.voice = left(from.voice, to.voice, line.voice);
    line.sms = left(from.sms, to.sms, line.sms);
    line.roamingData = left(from.roamingData, to.roamingData, line.roamingData);
    this.save();
  }

  /** The roaming charged to a line this bundle month, in cents, as of the last generation. */
  roamingSpentCents(serviceId: string): number {
    return this.byId.get(serviceId)?.roamingSpent ?? 0;
  }

  /** Gives each line a product serves its slot for it, once. */
  private attach(p: LineProduct) {
    for (const { id } of p.services) {
      const line = this.byId.get(id);
      if (!line || line.slots.includes(p.id)) continue;
      if (line.slots.length >= MAX_PRODUCT_SLOTS)
        throw new MvneConflict(`service ${id} has had ${MAX_PRODUCT_SLOTS} products, the most it can have`);
      line.slots.push(p.id);
    }
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
      serviceProfiles: this.serviceProfiles,
      lines: this.lines,
      products: [...this.book.all()],
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
