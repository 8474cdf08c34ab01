import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

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

/** What one item of an order changing live services did, to which product (TMF637). */
export interface ProductChange {
  id: string;
  action: 'add' | 'modify' | 'delete';
  productId: string;
}

/**
 * A product order: new lines (`items`), or changes to products on live services (`changes`, with no
 * items), which complete at once.
 */
export interface ProductOrder {
  id: string;
  externalId: string;
  customerRef: string;
  reservationId: string | null;
  state: 'acknowledged' | 'inProgress' | 'completed' | 'rejected' | 'cancelled';
  items: OrderItem[];
  changes?: ProductChange[];
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
  /** The operator's plan its use is rated against; a plan code the MVNE does not know is not rated. */
  planCode?: string | null;
  /** Data rollover at the next reset on the 1st (ADR 0022); off unless set. */
  rollover?: boolean;
  /** Local data stops when the line's data buckets are empty, never out of bundle; off unless set. */
  stopDataAtLimit?: boolean;
  /**
   * The most roaming (data, calls and SMS abroad) charged in a bundle month, in cents: once reached,
   * roaming data beyond the line's buckets stops until the 1st. None when unset or null.
   */
  roamingSpendCapCents?: number | null;
  /** Roaming barred when false: abroad the line makes and takes no calls, SMS or data; on unless set. */
  roamingEnabled?: boolean;
  /**
   * Outgoing international calls barred when true: at home the line makes no IDD calls or SMS. Calls
   * and SMS while roaming are not affected (only roamingEnabled bars those). Off unless set.
   */
  barOutgoingInternational?: boolean;
  /**
   * Incoming international calls barred when true: at home no call or SMS from a number abroad reaches
   * the line; those from numbers at home still do. Calls and SMS while roaming are not affected. Off
   * unless set.
   */
  barIncomingInternational?: boolean;
  /**
   * The SIM the service is on was reported lost and blocked: the line makes and takes nothing until
   * it is moved onto another SIM (a SIM swap). Off unless set.
   */
  simBlocked?: boolean;
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
  blockedIccids?: string[];
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
 * The MVNE's own records: number inventory and reservations, product orders, services, eSIM profiles
 * and port-ins. Kept in memory and, when a file is given, written through to it so a restart keeps
 * what was reserved and ordered.
 */
export class MvneRecords {
  protected readonly numbers = new Map<string, NumberRecord>();
  protected readonly reservations = new Map<string, Reservation>();
  protected readonly orders = new Map<string, ProductOrder>();
  protected readonly subscriptions = new Map<string, Subscription>();
  protected readonly profiles = new Map<string, EsimProfile>();
  protected readonly ports = new Map<string, PortIn>();
  /** What the donor networks will answer for a number; anything not listed is accepted. */
  protected readonly donorRefusals = new Map<string, DonorRefusal>();
  /** SIMs reported lost: blocked for good, never activated or swapped onto again. */
  protected readonly blockedIccids = new Set<string>();
  protected profileSerial = 0;
  /** True when the records came from a saved snapshot, false for an MVNE starting afresh. */
  protected readonly restored: boolean;

  constructor(private readonly file?: string) {
    const saved = file ? readSnapshot(file) : null;
    this.restored = saved !== null;
    if (saved) {
      for (const n of saved.numbers) this.numbers.set(n.msisdn, n);
      for (const r of saved.reservations) this.reservations.set(r.id, r);
      for (const o of saved.orders) this.orders.set(o.id, o);
      for (const x of saved.subscriptions ?? []) this.subscriptions.set(x.id, x);
      for (const p of saved.profiles ?? []) this.profiles.set(p.id, p);
      for (const p of saved.ports ?? []) this.ports.set(p.id, p);
      for (const [msisdn, refusal] of saved.donorRefusals ?? []) this.donorRefusals.set(msisdn, refusal);
      for (const iccid of saved.blockedIccids ?? []) this.blockedIccids.add(iccid);
      this.profileSerial = this.profiles.size;
    } else {
      for (const msisdn of numberPool()) this.numbers.set(msisdn, { msisdn, state: 'available' });
    }
  }

  protected save() {
    if (!this.file) return;
    const snapshot: Snapshot = {
      numbers: [...this.numbers.values()],
      reservations: [...this.reservations.values()],
      orders: [...this.orders.values()],
      subscriptions: [...this.subscriptions.values()],
      profiles: [...this.profiles.values()],
      ports: [...this.ports.values()],
      donorRefusals: [...this.donorRefusals.entries()],
      blockedIccids: [...this.blockedIccids],
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
