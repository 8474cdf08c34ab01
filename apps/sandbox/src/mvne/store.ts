import { randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { applyProductChanges, type ProductChangeRequest } from './product-changes.ts';
import {
  type DonorRefusal,
  MvneConflict,
  MvneNotFound,
  type PortIn,
  type ProductOrder,
  type Subscription,
} from './records.ts';
import { ServiceActivation } from './service-activation.ts';
import { DEMO_HISTORY_DAYS, DEMO_ROLLOVER_SERVICE, DEMO_SERVICES } from './usage/demo-services.ts';
import { UsageNetwork } from './usage/network.ts';
import type { Allowances } from './usage/rating.ts';
import type { TrafficProfile } from './usage/traffic.ts';

/** A live line put straight onto the network, as the demo operator's lines and load tests need them. */
export interface ProvisionedService {
  id: string;
  msisdn: string;
  planCode: string;
  activatedAt: Date;
  rollover?: boolean;
  stopDataAtLimit?: boolean;
}

/**
 * The MVNE's records and what it does with them: numbers and reservations, product orders, eSIM
 * profiles and services (the classes this builds on), number porting, which moves a donor network's
 * number onto a live service, products on live services (add-ons, boosters, roaming packs), and the
 * lines' usage (buckets and rated records, in `usage`).
 */
export class MvneStore extends ServiceActivation {
  readonly usage: UsageNetwork;

  /**
   * `file` is the snapshot; the usage records and state sit beside it. An MVNE starting with no
   * snapshot also provisions the demo operator's live lines with a month behind them, unless
   * `demoServices` is false.
   */
  constructor(file?: string, opts: { demoServices?: boolean } = {}) {
    super(file);
    this.usage = new UsageNetwork(this.subscriptions, {
      dir: file ? dirname(file) : undefined,
      fresh: !this.restored,
    });
    if (!this.restored && opts.demoServices !== false) {
      const activatedAt = new Date(Date.now() - DEMO_HISTORY_DAYS * 24 * 3600_000);
      this.provision(
        DEMO_SERVICES.map((s) => ({ ...s, activatedAt, rollover: s.id === DEMO_ROLLOVER_SERVICE })),
      );
    }
  }

  /**
   * Adds active physical-SIM lines by id (an id already known is left alone); their traffic starts at
   * `activatedAt`, so a line activated in the past gets its history at the next generation.
   */
  provision(services: ProvisionedService[]): void {
    for (const s of services) {
      if (this.subscriptions.has(s.id)) continue;
      const at = s.activatedAt.toISOString();
      const x: Subscription = {
        id: s.id,
        externalId: s.id,
        msisdn: s.msisdn,
        simType: 'physical',
        iccid: null,
        imsi: null,
        state: 'active',
        requestedAt: at,
        completesAt: at,
        activatedAt: at,
        planCode: s.planCode,
        rollover: s.rollover ?? false,
        stopDataAtLimit: s.stopDataAtLimit ?? false,
      };
      this.subscriptions.set(x.id, x);
      this.usage.register(x, s.activatedAt.getTime());
    }
    this.save();
  }

  protected override replanUsage(id: string, from: Allowances, to: Allowances): void {
    this.usage.replan(id, from, to);
  }

  /** Generates the lines' traffic up to `now` (see UsageNetwork); the number of records written. */
  generateUntil(now: Date): number {
    return this.usage.generateUntil(now);
  }

  recordCount(): number {
    return this.usage.recordCount();
  }

  /** The network's profile, or one service's (see UsageNetwork.setTrafficProfile); a service it has not: MvneNotFound. */
  trafficProfile(serviceId?: string): TrafficProfile {
    if (serviceId && !this.subscriptions.has(serviceId)) throw new MvneNotFound(`service ${serviceId}`);
    return this.usage.trafficProfile(serviceId);
  }

  setTrafficProfile(partial: Partial<TrafficProfile>, serviceId?: string): TrafficProfile {
    this.trafficProfile(serviceId);
    return this.usage.setTrafficProfile(partial, serviceId);
  }

  /**
   * Takes an order changing products on live services (see applyProductChanges) at `now` on the
   * sandbox clock, once per externalId: the same externalId again returns the first order (and
   * `created: false`), never applying it twice. The traffic up to `now` is rated first, so none of
   * it draws on a product added or stops drawing on one ended; the order completes at once.
   */
  changeProducts(
    input: { externalId: string; customerRef: string; items: ProductChangeRequest[] },
    now: Date,
  ): { order: ProductOrder; created: boolean } {
    const existing = this.orderByExternalId(input.externalId);
    if (existing) return { order: existing, created: false };
    this.usage.generateUntil(now);
    const id = randomUUID();
    const changes = applyProductChanges(input.items, {
      usage: this.usage,
      subscription: (serviceId) => this.subscription(serviceId),
      orderId: id,
      externalId: input.externalId,
      now: now.getTime(),
    });
    const order: ProductOrder = {
      id,
      externalId: input.externalId,
      customerRef: input.customerRef,
      reservationId: null,
      state: 'completed',
      items: [],
      changes,
      orderDate: now.toISOString(),
    };
    this.orders.set(id, order);
    this.save();
    return { order, created: true };
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
      const service = this.liveService(p);
      if (!service) {
        const next = nextWindow(new Date(Date.parse(p.windowEnd)));
        p.windowStart = next.start.toISOString();
        p.windowEnd = next.end.toISOString();
        continue;
      }
      this.answer(p, service, now);
      changed.push(p);
    }
    if (changed.length) this.save();
    return changed;
  }

  /**
   * Runs the waiting port of `msisdn` now, as its window would: a demo or a test sees one port
   * through without moving the clock that every other service reads.
   */
  runPortNow(msisdn: string, now: Date): PortIn {
    const p = [...this.ports.values()].find((x) => x.msisdn === msisdn && x.state === 'submitted');
    if (!p) throw new MvneNotFound(`number ${msisdn} has no port-in waiting`);
    const service = this.liveService(p);
    if (!service) throw new MvneConflict(`service ${p.serviceId} is not live yet`);
    this.answer(p, service, now);
    this.save();
    return p;
  }

  private liveService(p: PortIn): Subscription | null {
    const service = this.subscriptions.get(p.serviceId);
    return service && this.settle(service).state === 'active' ? service : null;
  }

  /** The donor answers: an accepted number moves onto the service and the temporary one goes back. */
  private answer(p: PortIn, service: Subscription, now: Date) {
    p.refusal = this.donorRefusals.get(p.msisdn) ?? null;
    p.completedAt = now.toISOString();
    if (p.refusal) {
      p.state = 'rejected';
      return;
    }
    p.state = 'completed';
    const temporary = service.msisdn;
    service.msisdn = p.msisdn;
    service.portInMsisdn = null;
    const lent = this.numbers.get(temporary);
    if (lent?.state === 'assigned') this.numbers.set(temporary, { msisdn: temporary, state: 'available' });
  }
}
