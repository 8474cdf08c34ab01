import { bundleMonth } from '@selfcare/domain';
import { MVNE_PRODUCTS, type MvneProduct } from './products.ts';

export const HOUR_MS = 3600_000;

/**
 * A product on live lines (TMF637): an add-on, booster, top-up, roaming pack or IDD service, with
 * its bucket's balance. Kept with the network's state across restarts.
 */
export interface LineProduct {
  id: string;
  /** Its code in MVNE_PRODUCTS (the offering the order named). */
  code: string;
  /** The operator's id of the order that added it. */
  externalId: string;
  orderId: string;
  /**
   * The lines it serves now (one, or several for a shareable product), each with the first hour
   * (counted from the epoch) whose use may draw on it.
   */
  services: { id: string; from: number }[];
  startDate: string;
  /** When it ends (a one-time product's end, or a delete's); null while it runs on. */
  terminationDate: string | null;
  /** A delete order ended it: pending until its termination date, then terminated. */
  deleted: boolean;
  /** What is left in its bucket (in the bucket's units; 0 for a product with none). */
  remaining: number;
  /** A monthly product: the start of the bundle month its bucket is for. */
  month: number;
}

export type ProductStatus = 'active' | 'pendingTerminate' | 'terminated';

export const offeringOf = (p: LineProduct): MvneProduct => MVNE_PRODUCTS[p.code] as MvneProduct;

/** Terminated from its termination date on; pending termination before that once a delete set it. */
export function productStatus(p: LineProduct, now: number): ProductStatus {
  if (p.terminationDate !== null && Date.parse(p.terminationDate) <= now) return 'terminated';
  return p.deleted ? 'pendingTerminate' : 'active';
}

/**
 * The first hour it serves no more. The network rates use an hour at a time, so a product serves
 * the whole hours inside its life only: none that starts before its start or ends after its end.
 */
export const endHour = (p: LineProduct) =>
  p.terminationDate === null ? Number.POSITIVE_INFINITY : Math.floor(Date.parse(p.terminationDate) / HOUR_MS);
/** The first whole hour at or after `ms`. */
export const hourFrom = (ms: number) => Math.ceil(ms / HOUR_MS);

/** The products on the network's lines, in the order they were added. */
export class ProductBook {
  private readonly list: LineProduct[] = [];
  private readonly byId = new Map<string, LineProduct>();

  constructor(saved: LineProduct[] = []) {
    for (const p of saved) if (MVNE_PRODUCTS[p.code]) this.put(p);
  }

  all(): readonly LineProduct[] {
    return this.list;
  }

  get(id: string): LineProduct | undefined {
    return this.byId.get(id);
  }

  /** The products realizing a service now, whatever their status. */
  ofService(serviceId: string): LineProduct[] {
    return this.list.filter((p) => p.services.some((s) => s.id === serviceId));
  }

  /**
   * A new product with a full bucket, serving its lines from the first whole hour at or after
   * `start`. A monthly product's first bucket is for the bundle month it starts in, full size
   * whatever the day.
   */
  add(input: {
    id: string;
    code: string;
    externalId: string;
    orderId: string;
    services: string[];
    start: number;
    end: number | null;
  }): LineProduct {
    const from = hourFrom(input.start);
    const p: LineProduct = {
      id: input.id,
      code: input.code,
      externalId: input.externalId,
      orderId: input.orderId,
      services: input.services.map((id) => ({ id, from })),
      startDate: new Date(input.start).toISOString(),
      terminationDate: input.end === null ? null : new Date(input.end).toISOString(),
      deleted: false,
      remaining: MVNE_PRODUCTS[input.code]?.allowance?.size ?? 0,
      month: bundleMonth(new Date(input.start)).start.getTime(),
    };
    this.put(p);
    return p;
  }

  /**
   * Sets the lines a shareable product serves: a line kept goes on as before, a line added draws on
   * it from the first whole hour at or after `now` (or its start, if later), a line left out stops.
   */
  setServices(p: LineProduct, services: string[], now: number): void {
    const from = Math.max(hourFrom(now), hourFrom(Date.parse(p.startDate)));
    p.services = services.map((id) => p.services.find((s) => s.id === id) ?? { id, from });
  }

  /** Ends it at `at` (a delete): never later than an end it already had. */
  terminate(p: LineProduct, at: number): void {
    const current = p.terminationDate === null ? Number.POSITIVE_INFINITY : Date.parse(p.terminationDate);
    if (at < current) p.terminationDate = new Date(at).toISOString();
    p.deleted = true;
  }

  /**
   * Moves monthly products on to the bundle month starting at `to`, with a full bucket each when it
   * still runs at that moment. True when any changed.
   */
  renew(to: number): boolean {
    let changed = false;
    for (const p of this.list) {
      const offering = offeringOf(p);
      if (offering.recurring !== 'monthly' || p.month >= to) continue;
      if (p.terminationDate !== null && Date.parse(p.terminationDate) <= to) continue;
      p.month = to;
      p.remaining = offering.allowance?.size ?? 0;
      changed = true;
    }
    return changed;
  }

  private put(p: LineProduct) {
    this.list.push(p);
    this.byId.set(p.id, p);
  }
}
