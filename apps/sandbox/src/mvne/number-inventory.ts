import { randomUUID } from 'node:crypto';
import { MvneConflict, MvneNotFound, MvneRecords, type Reservation } from './records.ts';

/** How long a number may be held at most, whatever the caller asks. */
export const MAX_RESERVATION_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_RESERVATION_MS = 15 * 60 * 1000;

/** The number inventory (TMF685): the numbers free to take, and reservations holding some until an end time. */
export class NumberInventory extends MvneRecords {
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

  protected release(r: Reservation) {
    for (const msisdn of r.msisdns) {
      const n = this.numbers.get(msisdn);
      if (n?.state === 'reserved' && n.reservationId === r.id)
        this.numbers.set(msisdn, { msisdn, state: 'available' });
    }
  }

  /** Reservations past their end give their numbers back. */
  protected expire() {
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
}
