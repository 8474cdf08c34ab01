/**
 * The sandbox network's subscribers at work: data sessions, calls and SMS, hour by hour, drawn from a
 * seeded generator so that the same profile gives the same traffic on every run, however often the
 * generation runs and wherever it stops.
 */
export interface TrafficProfile {
  /** The seed of every draw: the same seed, lines and hours give the same events. */
  seed: number;
  dataSessionsPerDay: number;
  meanSessionMb: number;
  callsPerDay: number;
  meanCallSeconds: number;
  smsPerDay: number;
  /** The share of outgoing calls and SMS at home that go to a number abroad (IDD). */
  iddShare: number;
  /**
   * The share of incoming calls and SMS at home that come from a number abroad. Decided by a hash of
   * the line and the event (see fromAbroad), never by a draw: it changes no other event.
   */
  incomingFromAbroadShare: number;
  /** How many trips abroad (2 to 5 days each) a line makes in 30 days, on average. */
  roamingTripsPerMonth: number;
}

/**
 * A typical line: about 12GB of data, 75 minutes of calls made and 45 SMS sent in a month, so the
 * demo's Lite 10 lines (20GB, 100 minutes, 100 SMS) have most of a month's bundle to show.
 */
export const DEFAULT_TRAFFIC_PROFILE: TrafficProfile = {
  seed: 20260101,
  dataSessionsPerDay: 16,
  meanSessionMb: 25,
  callsPerDay: 3,
  meanCallSeconds: 100,
  smsPerDay: 3,
  iddShare: 0.1,
  incomingFromAbroadShare: 0.1,
  roamingTripsPerMonth: 0.5,
};

/**
 * IDD destinations with the per-minute rate of a call there, in cents; also where the calls and SMS
 * from a number abroad come from.
 */
export const IDD_COUNTRIES = [
  { country: 'MY', centsPerMinute: 8 },
  { country: 'ID', centsPerMinute: 12 },
  { country: 'IN', centsPerMinute: 10 },
  { country: 'CN', centsPerMinute: 10 },
  { country: 'PH', centsPerMinute: 18 },
  { country: 'US', centsPerMinute: 6 },
  { country: 'GB', centsPerMinute: 8 },
] as const;

/** Roaming destinations with their pay-per-use rates in cents (data per started MB beyond any bundle). */
export const ROAMING_COUNTRIES = [
  { country: 'MY', dataCentsPerMb: 5, callOutPerMinute: 50, callInPerMinute: 30, smsOut: 30 },
  { country: 'TH', dataCentsPerMb: 8, callOutPerMinute: 80, callInPerMinute: 50, smsOut: 30 },
  { country: 'JP', dataCentsPerMb: 10, callOutPerMinute: 120, callInPerMinute: 80, smsOut: 50 },
  { country: 'ID', dataCentsPerMb: 8, callOutPerMinute: 80, callInPerMinute: 50, smsOut: 30 },
  { country: 'AU', dataCentsPerMb: 10, callOutPerMinute: 150, callInPerMinute: 100, smsOut: 50 },
] as const;

export const KIND_DATA = 0;
export const KIND_VOICE = 1;
export const KIND_SMS = 2;
export const DIRECTION_NONE = 0;
export const DIRECTION_OUT = 1;
export const DIRECTION_IN = 2;
export const SCOPE_LOCAL = 0;
export const SCOPE_IDD = 1;
export const SCOPE_ROAMING = 2;

/** One event before rating: kind, direction and scope as the codes above, `country` an index. */
export interface TrafficEvent {
  /** Seconds into the hour. */
  offset: number;
  kind: number;
  direction: number;
  scope: number;
  /** Index into IDD_COUNTRIES or ROAMING_COUNTRIES by scope; -1 at home. */
  country: number;
  /**
   * For an incoming call or SMS at home from a number abroad, where the caller is: an index into
   * IDD_COUNTRIES; -1 for everything else.
   */
  origin: number;
  /** BYTES, SECONDS or EVENTS by kind. */
  volume: number;
}

const HOUR = 3600;
export const HOURS_PER_TRIP_PERIOD = 30 * 24;
const MB = 1024 * 1024;
/** The largest volume a record holds (its column is 32 bits wide). */
const MAX_VOLUME = 2 ** 32 - 1;

/** Relative activity by Singapore hour of day (quiet at night, busiest in the evening), mean 1. */
const HOURLY_WEIGHT = (() => {
  const raw = [
    0.35, 0.2, 0.12, 0.1, 0.1, 0.15, 0.4, 0.8, 1.2, 1.3, 1.3, 1.3, 1.4, 1.3, 1.2, 1.2, 1.3, 1.4, 1.5, 1.6,
    1.7, 1.6, 1.2, 0.7,
  ];
  const mean = raw.reduce((a, b) => a + b, 0) / raw.length;
  return raw.map((w) => w / mean);
})();

/** 32-bit finaliser (MurmurHash3's) mixing two values into one well-spread seed. */
export function mix(a: number, b: number): number {
  let h = Math.imul((a ^ Math.imul(b, 0x9e3779b1)) >>> 0, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a hash of a service id: the line's part of every seed. */
export function hashId(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for traffic; reseeded for each line and hour. */
export class Rng {
  private a = 0;
  seed(seed: number): this {
    this.a = seed | 0;
    return this;
  }
  next(): number {
    this.a = (this.a + 0x6d2b79f5) | 0;
    let t = Math.imul(this.a ^ (this.a >>> 15), 1 | this.a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  /** Poisson-distributed count with mean `lambda` (Knuth's method; the means here are small). */
  poisson(lambda: number): number {
    if (lambda <= 0) return 0;
    const limit = Math.exp(-lambda);
    let k = 0;
    let p = this.next();
    while (p > limit) {
      k++;
      p *= this.next();
    }
    return k;
  }
  /** Exponentially distributed with mean `mean`. */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }
  pick(n: number): number {
    return Math.floor(this.next() * n);
  }
}

/** A trip abroad: from `start` (an hour index) for `hours`, in ROAMING_COUNTRIES[country]. */
interface Trip {
  start: number;
  hours: number;
  country: number;
}

/** The trips a line starts in one 30-day period (counted from the epoch), each 2 to 5 days long. */
function tripsOf(rng: Rng, profile: TrafficProfile, lineHash: number, period: number): Trip[] {
  rng.seed(mix(mix(mix(profile.seed, lineHash), period), 0x7219));
  const n = rng.poisson(profile.roamingTripsPerMonth);
  const trips: Trip[] = [];
  for (let i = 0; i < n; i++) {
    const start = period * HOURS_PER_TRIP_PERIOD + rng.pick(HOURS_PER_TRIP_PERIOD);
    trips.push({ start, hours: (2 + rng.pick(4)) * 24, country: rng.pick(ROAMING_COUNTRIES.length) });
  }
  return trips;
}

/**
 * Where a line is abroad, hour by hour: the trips of the period an hour falls in and of the one before
 * (a trip may run over its period's end), kept for the period being generated.
 */
export class TripCalendar {
  private period = -1;
  private trips: Trip[] = [];

  constructor(
    private readonly profile: TrafficProfile,
    private readonly lineHash: number,
  ) {}

  /** The ROAMING_COUNTRIES index the line is in during `hour`, or -1 at home. */
  countryAt(rng: Rng, hour: number): number {
    const period = Math.floor(hour / HOURS_PER_TRIP_PERIOD);
    if (period !== this.period) {
      this.period = period;
      this.trips = [
        ...tripsOf(rng, this.profile, this.lineHash, period - 1),
        ...tripsOf(rng, this.profile, this.lineHash, period),
      ];
    }
    for (const t of this.trips) if (hour >= t.start && hour < t.start + t.hours) return t.country;
    return -1;
  }
}

/**
 * The events of one line in one hour (an hour index from the epoch), ordered by start. The draws
 * depend only on the profile, the line and the hour. Abroad, the line browses less and every call
 * and SMS is a roaming one; at home, some of the calls and SMS it receives come from a number abroad
 * (see fromAbroad: hashed, not drawn).
 */
export function hourEvents(
  rng: Rng,
  profile: TrafficProfile,
  lineHash: number,
  hour: number,
  roamingCountry: number,
): TrafficEvent[] {
  rng.seed(mix(mix(profile.seed, lineHash), hour));
  const weight = HOURLY_WEIGHT[(hour + 8) % 24] as number;
  const abroad = roamingCountry >= 0;
  const events: TrafficEvent[] = [];
  const sessions = rng.poisson(((abroad ? 0.5 : 1) * profile.dataSessionsPerDay * weight) / 24);
  for (let i = 0; i < sessions; i++) {
    const bytes = Math.round(rng.exponential((abroad ? 0.5 : 1) * profile.meanSessionMb * MB));
    events.push({
      offset: rng.pick(HOUR),
      kind: KIND_DATA,
      direction: DIRECTION_NONE,
      scope: abroad ? SCOPE_ROAMING : SCOPE_LOCAL,
      country: abroad ? roamingCountry : -1,
      origin: -1,
      volume: Math.min(MAX_VOLUME, Math.max(1024, bytes)),
    });
  }
  callsOrSms(
    rng,
    profile,
    lineHash,
    hour,
    events,
    KIND_VOICE,
    (profile.callsPerDay * weight) / 24,
    roamingCountry,
  );
  callsOrSms(
    rng,
    profile,
    lineHash,
    hour,
    events,
    KIND_SMS,
    (profile.smsPerDay * weight) / 24,
    roamingCountry,
  );
  // Array.prototype.sort is stable: events starting in the same second keep their draw order.
  if (events.length > 1) events.sort((a, b) => a.offset - b.offset);
  return events;
}

/** Share of calls and of SMS the line makes rather than receives. */
const OUTGOING_SHARE = [0, 0.6, 0.7];

/**
 * Where an incoming call or SMS at home comes from: an IDD_COUNTRIES index for a number abroad (a
 * share `incomingFromAbroadShare` of them), or -1 for a number at home. A hash of the seed, the line,
 * the hour, the event's second, kind and place among the hour's draws of its kind decides it, not the
 * generator: the draws, and so every event, are the same whatever is decided here.
 */
export function fromAbroad(
  profile: TrafficProfile,
  lineHash: number,
  hour: number,
  offset: number,
  kind: number,
  index: number,
): number {
  if (profile.incomingFromAbroadShare <= 0) return -1;
  const h = mix(mix(mix(mix(profile.seed, lineHash), hour), 0x1ca11), (index << 16) | (offset << 2) | kind);
  if (h / 4294967296 >= profile.incomingFromAbroadShare) return -1;
  return mix(h, 0xc0de) % IDD_COUNTRIES.length;
}

/**
 * Draws an hour's calls or SMS (mean `lambda`): made or received, at home, to or from a number
 * abroad, or roaming.
 */
function callsOrSms(
  rng: Rng,
  profile: TrafficProfile,
  lineHash: number,
  hour: number,
  events: TrafficEvent[],
  kind: number,
  lambda: number,
  roamingCountry: number,
) {
  const abroad = roamingCountry >= 0;
  const n = rng.poisson(lambda);
  for (let i = 0; i < n; i++) {
    const offset = rng.pick(HOUR);
    const direction = rng.next() < (OUTGOING_SHARE[kind] as number) ? DIRECTION_OUT : DIRECTION_IN;
    const idd = !abroad && direction === DIRECTION_OUT && rng.next() < profile.iddShare;
    const seconds = Math.ceil(rng.exponential(profile.meanCallSeconds));
    events.push({
      offset,
      kind,
      direction,
      scope: abroad ? SCOPE_ROAMING : idd ? SCOPE_IDD : SCOPE_LOCAL,
      country: abroad ? roamingCountry : idd ? rng.pick(IDD_COUNTRIES.length) : -1,
      origin:
        !abroad && direction === DIRECTION_IN ? fromAbroad(profile, lineHash, hour, offset, kind, i) : -1,
      volume: kind === KIND_VOICE ? Math.min(MAX_VOLUME, Math.max(3, seconds)) : 1,
    });
  }
}
