import type { MvneTransport } from './transport.ts';

export interface MvneReservation {
  id: string;
  state: 'completed' | 'cancelled' | 'expired' | 'consumed';
  msisdns: string[];
  endDateTime: string;
}

interface TmfReservation {
  id: string;
  reservationState: MvneReservation['state'];
  reservationItem: { resourceCapacity: { resource: { id: string }[] } }[];
  validFor: { endDateTime: string };
}

const fromTmf = (r: TmfReservation): MvneReservation => ({
  id: r.id,
  state: r.reservationState,
  msisdns: r.reservationItem.flatMap((i) => i.resourceCapacity.resource.map((x) => x.id)),
  endDateTime: r.validFor.endDateTime,
});

/** TMF685 (resource pool management): the MVNE's free new numbers, and holds on them. */
export class MvneNumberInventory {
  constructor(private readonly transport: MvneTransport) {}

  async availableNumbers(contains: string, offset: number, limit: number) {
    const q = new URLSearchParams({ contains, offset: String(offset), limit: String(limit) });
    const { data } = await this.transport.call<{ totalCount: number; resource: { id: string }[] }>(
      'GET',
      `/resourcePoolManagement/v4/availableResource?${q}`,
    );
    return { total: data.totalCount, numbers: data.resource.map((r) => r.id) };
  }

  async reserve(customerRef: string, msisdns: string[], until: Date): Promise<MvneReservation> {
    const { data } = await this.transport.call<TmfReservation>(
      'POST',
      '/resourcePoolManagement/v4/reservation',
      {
        relatedParty: [{ id: customerRef, role: 'customer' }],
        reservationItem: [
          { quantity: msisdns.length, resourceCapacity: { resource: msisdns.map((id) => ({ id })) } },
        ],
        validFor: { endDateTime: until.toISOString() },
      },
    );
    return fromTmf(data);
  }

  async reservation(id: string): Promise<MvneReservation> {
    return fromTmf(
      (await this.transport.call<TmfReservation>('GET', `/resourcePoolManagement/v4/reservation/${id}`)).data,
    );
  }

  async cancelReservation(id: string): Promise<void> {
    await this.transport.call('PATCH', `/resourcePoolManagement/v4/reservation/${id}`, {
      reservationState: 'cancelled',
    });
  }
}
