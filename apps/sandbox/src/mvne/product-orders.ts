import { randomUUID } from 'node:crypto';
import { NumberInventory } from './number-inventory.ts';
import { MvneConflict, MvneNotFound, type ProductOrder } from './records.ts';

/** Product orders (TMF622): each takes the numbers its reservation held. */
export class ProductOrders extends NumberInventory {
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
}
