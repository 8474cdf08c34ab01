import { randomUUID } from 'node:crypto';
import { type DonorRefusal, MvneConflict, MvneNotFound, type PortIn } from './records.ts';
import { ServiceActivation } from './service-activation.ts';

/**
 * The MVNE's records and what it does with them: numbers and reservations, product orders, eSIM
 * profiles and services (the classes this builds on), and number porting, which moves a donor
 * network's number onto a live service.
 */
export class MvneStore extends ServiceActivation {
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
}
