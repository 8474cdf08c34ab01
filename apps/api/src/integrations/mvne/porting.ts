import type { MvneTransport } from './transport.ts';

export interface MvnePort {
  id: string;
  externalId: string;
  msisdn: string;
  state: 'submitted' | 'inProgress' | 'completed' | 'rejected';
  refusal: 'id-mismatch' | 'not-active' | 'outstanding-bill' | null;
  windowStart: string;
  windowEnd: string;
  completedAt: string | null;
}

/** The MVNE's own number portability API (`/numberPortability/v1`, not a TM Forum one): port-ins. */
export class MvnePorting {
  constructor(private readonly transport: MvneTransport) {}

  /** Asks for a number to be ported in onto a service in the next porting window; idempotent by externalId. */
  async requestPort(input: {
    externalId: string;
    msisdn: string;
    donor: string;
    idNumber: string;
    serviceId: string;
  }): Promise<MvnePort> {
    return (await this.transport.call<MvnePort>('POST', '/numberPortability/v1/portIn', input)).data;
  }

  async port(id: string): Promise<MvnePort> {
    return (await this.transport.call<MvnePort>('GET', `/numberPortability/v1/portIn/${id}`)).data;
  }
}
