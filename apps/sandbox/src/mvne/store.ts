import { randomInt, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { withLuhnDigit } from '@selfcare/domain/fulfilment';

/** How long a number may be held at most, whatever the caller asks. */
export const MAX_RESERVATION_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_RESERVATION_MS = 15 * 60 * 1000;

export interface NumberRecord {
  msisdn: string;
  state: 'available' | 'reserved' | 'assigned';
  reservationId?: string;
  orderId?: string;
}

export interface Reservation {
  id: string;
  customerRef: string;
  msisdns: string[];
  state: 'completed' | 'cancelled' | 'expired' | 'consumed';
  createdAt: string;
  endDateTime: string;
}

export interface OrderItem {
  id: string;
  planCode: string;
  msisdn: string;
  simType: 'physical' | 'eSIM';
  portIn: { donor: string } | null;
}

export interface ProductOrder {
  id: string;
  externalId: string;
  customerRef: string;
  reservationId: string | null;
  state: 'acknowledged' | 'inProgress' | 'completed' | 'rejected' | 'cancelled';
  items: OrderItem[];
  orderDate: string;
}

/** A mobile service on a SIM: activation is asynchronous, as the MVNE's network provisioning is. */
export interface Subscription {
  id: string;
  /** The caller's id for the line: asking again with it returns this subscription. */
  externalId: string;
  msisdn: string;
  simType: 'physical' | 'eSIM';
  iccid: string | null;
  imsi: string | null;
  /** For a port-in line: the number coming from the donor; `msisdn` is a temporary one until then. */
  portInMsisdn?: string | null;
  state: 'inProgress' | 'active' | 'suspended' | 'terminated';
  requestedAt: string;
  completesAt: string;
  activatedAt: string | null;
}

/** An eSIM profile on the MVNE's SM-DP+: released for download, installed on a device, or disabled. */
export interface EsimProfile {
  id: string;
  externalId: string;
  iccid: string;
  smdpAddress: string;
  matchingId: string;
  state: 'released' | 'installed' | 'disabled';
  eid: string | null;
  createdAt: string;
}

export type DonorRefusal = 'id-mismatch' | 'not-active' | 'outstanding-bill';

/** A port-in: the donor network's number moves onto one of our services in a porting window. */
export interface PortIn {
  id: string;
  externalId: string;
  msisdn: string;
  donor: string;
  idNumber: string;
  serviceId: string;
  state: 'submitted' | 'inProgress' | 'completed' | 'rejected';
  refusal: DonorRefusal | null;
  windowStart: string;
  windowEnd: string;
  completedAt: string | null;
}

interface Snapshot {
  numbers: NumberRecord[];
  reservations: Reservation[];
  orders: ProductOrder[];
  subscriptions?: Subscription[];
  profiles?: EsimProfile[];
  ports?: PortIn[];
  donorRefusals?: [string, DonorRefusal][];
}

export class MvneConflict extends Error {}
export class MvneNotFound extends Error {}

/**
 * A deterministic pool of mobile numbers: the same numbers on every machine, 8 digits starting
 * with 8 or 9, far from the ranges the demo customers use (81/91 00 000x).
 */
export function numberPool(size = 2400): string[] {
  const prefixes = ['87', '88', '97', '98'];
  let seed = 20261122;
  const seen = new Set<string>();
  while (seen.size < size) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const prefix = prefixes[seed % prefixes.length] as string;
    seen.add(`${prefix}${String(seed % 1_000_000).padStart(6, '0')}`);
  }
  return [...seen].sort();
}

/**
 * The MVNE's own records: number inventory, reservations and product orders. Kept in memory and,
 * when a file is given, written through to it so a restart keeps what was reserved and ordered.
 */
export class MvneStore {
  private readonly numbers = new Map<string, NumberRecord>();
  private readonly reservations = new Map<string, Reservation>();
  private readonly orders = new Map<string, ProductOrder>();
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly profiles = new Map<string, EsimProfile>();
  private readonly ports = new Map<string, PortIn>();
  /** What the donor networks will answer for a number; anything not listed is accepted. */
  private readonly donorRefusals = new Map<string, DonorRefusal>();
  private profileSerial = 0;

  constructor(private readonly file?: string) {
    const saved = file ? readSnapshot(file) : null;
    if (saved) {
      for (const n of saved.numbers) this.numbers.set(n.msisdn, n);
      for (const r of saved.reservations) this.reservations.set(r.id, r);
      for (const o of saved.orders) this.orders.set(o.id, o);
      for (const x of saved.subscriptions ?? []) this.subscriptions.set(x.id, x);
      for (const p of saved.profiles ?? []) this.profiles.set(p.id, p);
      for (const p of saved.ports ?? []) this.ports.set(p.id, p);
      for (const [msisdn, refusal] of saved.donorRefusals ?? []) this.donorRefusals.set(msisdn, refusal);
      this.profileSerial = this.profiles.size;
    } else {
      for (const msisdn of numberPool()) this.numbers.set(msisdn, { msisdn, state: 'available' });
    }
  }

  /** Available numbers containing `contains` (digits), in order, a page at a time. */
  available(contains: string, offset: number, limit: number) {
    this.expire();
    const all = [...this.numbers.values()].filter(
      (n) => n.state === 'available' && n.msisdn.includes(contains),
    );
    return { total: all.length, items: all.slice(offset, offset + limit).map((n) => n.msisdn) };
  }

  reserve(customerRef: string, msisdns: string[], endDateTime: Date | null): Reservation {
    this.expire();
    const unique = [...new Set(msisdns)];
    for (const msisdn of unique) {
      const n = this.numbers.get(msisdn);
      if (!n) throw new MvneNotFound(`number ${msisdn} is not in the pool`);
      if (n.state !== 'available') throw new MvneConflict(`number ${msisdn} is not available`);
    }
    const now = Date.now();
    const end = Math.min(endDateTime?.getTime() ?? now + DEFAULT_RESERVATION_MS, now + MAX_RESERVATION_MS);
    const reservation: Reservation = {
      id: randomUUID(),
      customerRef,
      msisdns: unique,
      state: 'completed',
      createdAt: new Date(now).toISOString(),
      endDateTime: new Date(Math.max(end, now)).toISOString(),
    };
    this.reservations.set(reservation.id, reservation);
    for (const msisdn of unique)
      this.numbers.set(msisdn, { msisdn, state: 'reserved', reservationId: reservation.id });
    this.save();
    return reservation;
  }

  reservation(id: string): Reservation {
    this.expire();
    const r = this.reservations.get(id);
    if (!r) throw new MvneNotFound(`reservation ${id} not found`);
    return r;
  }

  /** Gives the numbers back. Cancelling twice, or after expiry, changes nothing. */
  cancel(id: string): Reservation {
    const r = this.reservation(id);
    if (r.state !== 'completed') return r;
    r.state = 'cancelled';
    this.release(r);
    this.save();
    return r;
  }

  /**
   * Creates the order once per externalId: the same externalId again returns the first order (and
   * `created: false`), so a caller that retries after a lost answer never orders twice.
   */
  createOrder(input: Omit<ProductOrder, 'id' | 'state' | 'orderDate'>): {
    order: ProductOrder;
    created: boolean;
  } {
    this.expire();
    const existing = [...this.orders.values()].find((o) => o.externalId === input.externalId);
    if (existing) return { order: existing, created: false };
    const reservation = input.reservationId ? this.reservations.get(input.reservationId) : undefined;
    if (input.reservationId && !reservation)
      throw new MvneNotFound(`reservation ${input.reservationId} not found`);
    if (reservation && (reservation.state === 'cancelled' || reservation.state === 'consumed'))
      throw new MvneConflict(`reservation ${reservation.id} is ${reservation.state}`);
    // A new number must be held by the order's reservation or, if that hold ran out, still be free.
    for (const item of input.items) {
      if (item.portIn) continue;
      const n = this.numbers.get(item.msisdn);
      const held = reservation?.state === 'completed' && reservation.msisdns.includes(item.msisdn);
      if (!n || !(held || n.state === 'available'))
        throw new MvneConflict(`number ${item.msisdn} is not held by the reservation`);
    }
    const order: ProductOrder = {
      ...input,
      id: randomUUID(),
      state: 'acknowledged',
      orderDate: new Date().toISOString(),
    };
    this.orders.set(order.id, order);
    if (reservation) {
      if (reservation.state === 'completed') this.release(reservation);
      reservation.state = 'consumed';
    }
    for (const item of input.items) {
      if (!item.portIn)
        this.numbers.set(item.msisdn, { msisdn: item.msisdn, state: 'assigned', orderId: order.id });
    }
    this.save();
    return { order, created: true };
  }

  order(id: string): ProductOrder {
    const o = this.orders.get(id);
    if (!o) throw new MvneNotFound(`product order ${id} not found`);
    return o;
  }

  orderByExternalId(externalId: string): ProductOrder | undefined {
    return [...this.orders.values()].find((o) => o.externalId === externalId);
  }

  /**
   * Starts activating a line; it completes `delayMs` later. The same externalId again returns the
   * first subscription (`created: false`). A SIM already carrying another live subscription is refused.
   */
  activate(
    input: Pick<Subscription, 'externalId' | 'msisdn' | 'simType' | 'iccid' | 'imsi' | 'portInMsisdn'>,
    delayMs: number,
  ): { subscription: Subscription; created: boolean } {
    const existing = this.subscriptionByExternalId(input.externalId);
    if (existing) return { subscription: this.settle(existing), created: false };
    if (input.portInMsisdn) {
      // A port-in line works on a number lent from the pool until its own number comes over.
      this.expire();
      const free = [...this.numbers.values()].find((n) => n.state === 'available');
      if (!free) throw new MvneConflict('no temporary number is free');
      input = { ...input, msisdn: free.msisdn };
    }
    const clash = [...this.subscriptions.values()].find(
      (x) =>
        x.state !== 'terminated' &&
        ((input.iccid && x.iccid === input.iccid) ||
          (input.imsi && x.imsi === input.imsi) ||
          x.msisdn === input.msisdn),
    );
    if (clash) throw new MvneConflict(`SIM or number already in service (${clash.id})`);
    const now = Date.now();
    const subscription: Subscription = {
      ...input,
      id: randomUUID(),
      state: 'inProgress',
      requestedAt: new Date(now).toISOString(),
      completesAt: new Date(now + delayMs).toISOString(),
      activatedAt: null,
    };
    this.subscriptions.set(subscription.id, subscription);
    if (input.portInMsisdn)
      this.numbers.set(input.msisdn, { msisdn: input.msisdn, state: 'assigned', orderId: subscription.id });
    this.save();
    return { subscription, created: true };
  }

  subscription(id: string): Subscription {
    const x = this.subscriptions.get(id);
    if (!x) throw new MvneNotFound(`subscription ${id} not found`);
    return this.settle(x);
  }

  subscriptionByExternalId(externalId: string): Subscription | undefined {
    const x = [...this.subscriptions.values()].find((s) => s.externalId === externalId);
    return x ? this.settle(x) : undefined;
  }

  /** Completes an activation whose time has come; true when this call completed it. */
  complete(id: string): boolean {
    const x = this.subscriptions.get(id);
    if (x?.state !== 'inProgress') return false;
    x.state = 'active';
    x.activatedAt = new Date().toISOString();
    this.save();
    return true;
  }

  setSubscriptionState(id: string, state: 'active' | 'suspended' | 'terminated'): Subscription {
    const x = this.subscription(id);
    if (x.state === 'inProgress' || x.state === 'terminated')
      throw new MvneConflict(`subscription ${id} is ${x.state}`);
    x.state = state;
    this.save();
    return x;
  }

  /**
   * Moves a live service onto another SIM (a SIM swap): an eSIM service onto a released or installed
   * profile, a physical one onto a SIM with its IMSI. The SIM may carry no other live service.
   * Swapping onto the SIM the service already has changes nothing.
   */
  swapSim(id: string, sim: { iccid: string; imsi: string | null }): Subscription {
    const x = this.subscription(id);
    if (x.state === 'inProgress' || x.state === 'terminated')
      throw new MvneConflict(`subscription ${id} is ${x.state}`);
    if (x.iccid === sim.iccid) return x;
    if (x.simType === 'eSIM') {
      const profile = [...this.profiles.values()].find((p) => p.iccid === sim.iccid);
      if (!profile || profile.state === 'disabled')
        throw new MvneConflict(`no usable eSIM profile has ICCID ${sim.iccid}`);
    } else if (!sim.imsi) throw new RangeError('a physical SIM needs its IMSI');
    const clash = [...this.subscriptions.values()].find(
      (other) => other.id !== id && other.state !== 'terminated' && other.iccid === sim.iccid,
    );
    if (clash) throw new MvneConflict(`SIM already in service (${clash.id})`);
    x.iccid = sim.iccid;
    if (x.simType === 'physical') x.imsi = sim.imsi;
    this.save();
    return x;
  }

  /**
   * Releases an eSIM profile for download (once per externalId). Its ICCID is an eSIM range of our
   * issuer id with the Luhn digit; the matching id is what the device presents to the SM-DP+.
   */
  issueProfile(externalId: string, smdpAddress: string): { profile: EsimProfile; created: boolean } {
    const existing = [...this.profiles.values()].find((p) => p.externalId === externalId);
    if (existing) return { profile: existing, created: false };
    this.profileSerial += 1;
    const body = `89650126190${String(this.profileSerial).padStart(7, '0')}`;
    const profile: EsimProfile = {
      id: randomUUID(),
      externalId,
      iccid: withLuhnDigit(body),
      smdpAddress,
      matchingId: matchingId(),
      state: 'released',
      eid: null,
      createdAt: new Date().toISOString(),
    };
    this.profiles.set(profile.id, profile);
    this.save();
    return { profile, created: true };
  }

  profile(id: string): EsimProfile {
    const p = this.profiles.get(id);
    if (!p) throw new MvneNotFound(`eSIM profile ${id} not found`);
    return p;
  }

  /** A device (by its EID) downloads and installs a released profile. */
  installProfile(id: string, eid: string): EsimProfile {
    const p = this.profile(id);
    if (p.state === 'disabled') throw new MvneConflict(`eSIM profile ${id} is disabled`);
    if (p.state === 'installed' && p.eid !== eid)
      throw new MvneConflict(`eSIM profile ${id} is installed on another device`);
    p.state = 'installed';
    p.eid = eid;
    this.save();
    return p;
  }

  disableProfile(id: string): EsimProfile {
    const p = this.profile(id);
    p.state = 'disabled';
    this.save();
    return p;
  }

  setDonorAnswer(msisdn: string, refusal: DonorRefusal | null) {
    if (refusal) this.donorRefusals.set(msisdn, refusal);
    else this.donorRefusals.delete(msisdn);
    this.save();
  }

  /** Accepts a port-in request (once per externalId) for the porting window it falls in. */
  requestPort(
    input: Pick<PortIn, 'externalId' | 'msisdn' | 'donor' | 'idNumber' | 'serviceId'>,
    window: { start: Date; end: Date },
  ): { port: PortIn; created: boolean } {
    const existing = [...this.ports.values()].find((p) => p.externalId === input.externalId);
    if (existing) return { port: existing, created: false };
    const service = this.subscription(input.serviceId);
    if (service.state === 'terminated') throw new MvneConflict(`service ${service.id} is terminated`);
    const busy = [...this.ports.values()].find(
      (p) => p.msisdn === input.msisdn && (p.state === 'submitted' || p.state === 'inProgress'),
    );
    if (busy) throw new MvneConflict(`number ${input.msisdn} already has a port-in request`);
    const port: PortIn = {
      ...input,
      id: randomUUID(),
      state: 'submitted',
      refusal: null,
      windowStart: window.start.toISOString(),
      windowEnd: window.end.toISOString(),
      completedAt: null,
    };
    this.ports.set(port.id, port);
    this.save();
    return { port, created: true };
  }

  port(id: string): PortIn {
    const p = this.ports.get(id);
    if (!p) throw new MvneNotFound(`port-in ${id} not found`);
    return p;
  }

  /**
   * Runs the ports whose window has opened by `now`: the donor answers, and an accepted number moves
   * onto its service while the temporary number goes back to the pool. A port whose service is not
   * live yet waits for the next window. Returns the ports that changed.
   */
  runPorts(now: Date, nextWindow: (after: Date) => { start: Date; end: Date }): PortIn[] {
    const changed: PortIn[] = [];
    for (const p of this.ports.values()) {
      if (p.state !== 'submitted' || Date.parse(p.windowStart) > now.getTime()) continue;
      const service = this.subscriptions.get(p.serviceId);
      if (!service || this.settle(service).state !== 'active') {
        const next = nextWindow(new Date(Date.parse(p.windowEnd)));
        p.windowStart = next.start.toISOString();
        p.windowEnd = next.end.toISOString();
        continue;
      }
      p.refusal = this.donorRefusals.get(p.msisdn) ?? null;
      p.completedAt = now.toISOString();
      if (p.refusal) p.state = 'rejected';
      else {
        p.state = 'completed';
        const temporary = service.msisdn;
        service.msisdn = p.msisdn;
        service.portInMsisdn = null;
        const lent = this.numbers.get(temporary);
        if (lent?.state === 'assigned')
          this.numbers.set(temporary, { msisdn: temporary, state: 'available' });
      }
      changed.push(p);
    }
    if (changed.length) this.save();
    return changed;
  }

  private settle(x: Subscription): Subscription {
    if (x.state === 'inProgress' && Date.parse(x.completesAt) <= Date.now()) this.complete(x.id);
    return x;
  }

  private release(r: Reservation) {
    for (const msisdn of r.msisdns) {
      const n = this.numbers.get(msisdn);
      if (n?.state === 'reserved' && n.reservationId === r.id)
        this.numbers.set(msisdn, { msisdn, state: 'available' });
    }
  }

  /** Reservations past their end give their numbers back. */
  private expire() {
    const now = Date.now();
    let changed = false;
    for (const r of this.reservations.values()) {
      if (r.state === 'completed' && Date.parse(r.endDateTime) <= now) {
        r.state = 'expired';
        this.release(r);
        changed = true;
      }
    }
    if (changed) this.save();
  }

  private save() {
    if (!this.file) return;
    const snapshot: Snapshot = {
      numbers: [...this.numbers.values()],
      reservations: [...this.reservations.values()],
      orders: [...this.orders.values()],
      subscriptions: [...this.subscriptions.values()],
      profiles: [...this.profiles.values()],
      ports: [...this.ports.values()],
      donorRefusals: [...this.donorRefusals.entries()],
    };
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(snapshot));
    renameSync(tmp, this.file);
  }
}

function readSnapshot(file: string): Snapshot | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  } catch {
    return null;
  }
}

const MATCHING_ID_CHARS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A matching id as SM-DP+ servers hand them out: 4 groups of 5 characters, no easily confused letters. */
function matchingId(): string {
  const group = () =>
    Array.from({ length: 5 }, () => MATCHING_ID_CHARS[randomInt(MATCHING_ID_CHARS.length)]).join('');
  return [group(), group(), group(), group()].join('-');
}
