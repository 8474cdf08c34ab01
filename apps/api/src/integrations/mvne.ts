import { checkOrderDone, MvneRejectedError, MvneUnavailableError } from './mvne-errors.ts';
import type { MvneBucket, MvneUsageRecord } from './mvne-usage.ts';

export { MvneOrderUnfinishedError, MvneRejectedError, MvneUnavailableError } from './mvne-errors.ts';
export type { MvneBucket, MvneUsageRecord };

export interface MvneReservation {
  id: string;
  state: 'completed' | 'cancelled' | 'expired' | 'consumed';
  msisdns: string[];
  endDateTime: string;
}

export interface MvneOrderLine {
  id: string;
  planCode: string;
  msisdn: string;
  simType: 'physical' | 'eSIM';
  portInDonor: string | null;
}

export interface MvneOrder {
  id: string;
  externalId: string;
  state: string;
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

/**
 * The MVNE's TM Forum API: TMF685 to find and hold new numbers, TMF622 to place the order. Every
 * call has a timeout; network errors, timeouts and 5xx answers become MvneUnavailableError.
 */
export class MvneClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
    private readonly timeoutMs: number,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (err) {
      throw new MvneUnavailableError(`MVNE unreachable: ${(err as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    const data = text ? (JSON.parse(text) as T & { message?: string }) : (null as T);
    if (res.status >= 500 || res.status === 401 || res.status === 429)
      throw new MvneUnavailableError(`MVNE answered ${res.status}`);
    if (res.status >= 400)
      throw new MvneRejectedError(
        res.status,
        (data as { message?: string } | null)?.message ?? `MVNE answered ${res.status}`,
      );
    return { status: res.status, data };
  }

  async availableNumbers(contains: string, offset: number, limit: number) {
    const q = new URLSearchParams({ contains, offset: String(offset), limit: String(limit) });
    const { data } = await this.call<{ totalCount: number; resource: { id: string }[] }>(
      'GET',
      `/resourcePoolManagement/v4/availableResource?${q}`,
    );
    return { total: data.totalCount, numbers: data.resource.map((r) => r.id) };
  }

  async reserve(customerRef: string, msisdns: string[], until: Date): Promise<MvneReservation> {
    const { data } = await this.call<TmfReservation>('POST', '/resourcePoolManagement/v4/reservation', {
      relatedParty: [{ id: customerRef, role: 'customer' }],
      reservationItem: [
        { quantity: msisdns.length, resourceCapacity: { resource: msisdns.map((id) => ({ id })) } },
      ],
      validFor: { endDateTime: until.toISOString() },
    });
    return fromTmf(data);
  }

  async reservation(id: string): Promise<MvneReservation> {
    return fromTmf(
      (await this.call<TmfReservation>('GET', `/resourcePoolManagement/v4/reservation/${id}`)).data,
    );
  }

  async cancelReservation(id: string): Promise<void> {
    await this.call('PATCH', `/resourcePoolManagement/v4/reservation/${id}`, {
      reservationState: 'cancelled',
    });
  }

  /** Places the order; `externalId` (our order id) makes a repeat return the first order. */
  async createOrder(input: {
    externalId: string;
    customerRef: string;
    reservationId: string | null;
    lines: MvneOrderLine[];
  }): Promise<MvneOrder> {
    const { data } = await this.call<MvneOrder>('POST', '/productOrderingManagement/v4/productOrder', {
      externalId: input.externalId,
      relatedParty: [{ id: input.customerRef, role: 'customer' }],
      relatedEntity: input.reservationId ? [{ id: input.reservationId, role: 'numberReservation' }] : [],
      productOrderItem: input.lines.map((l) => ({
        id: l.id,
        action: 'add',
        product: {
          productSpecification: { id: l.planCode },
          productCharacteristic: [
            { name: 'MSISDN', value: l.msisdn },
            { name: 'simType', value: l.simType },
            ...(l.portInDonor ? [{ name: 'portInDonor', value: l.portInDonor }] : []),
          ],
        },
      })),
    });
    return { id: data.id, externalId: data.externalId, state: data.state };
  }

  /** TMF640: activates a line on a SIM. Our line id is the idempotency key: asking again returns the first. */
  async activateService(input: {
    externalId: string;
    msisdn: string;
    simType: 'physical' | 'eSIM';
    iccid: string | null;
    imsi: string | null;
    /** A port-in line: the MVNE lends a temporary number until this one comes over. */
    portIn?: boolean;
    /** The plan the MVNE rates the line's use against (our plan code, as in the product order). */
    planCode: string;
  }): Promise<MvneService> {
    const { data } = await this.call<TmfService>('POST', '/serviceActivationAndConfiguration/v4/service', {
      externalId: input.externalId,
      serviceCharacteristic: [
        { name: input.portIn ? 'portInMSISDN' : 'MSISDN', value: input.msisdn },
        { name: 'simType', value: input.simType },
        { name: 'planCode', value: input.planCode },
        ...(input.iccid ? [{ name: 'ICCID', value: input.iccid }] : []),
        ...(input.imsi ? [{ name: 'IMSI', value: input.imsi }] : []),
      ],
    });
    return fromTmfService(data);
  }

  async service(id: string): Promise<MvneService> {
    const { data } = await this.call<TmfService>(
      'GET',
      `/serviceActivationAndConfiguration/v4/service/${id}`,
    );
    return fromTmfService(data);
  }

  /** TMF640: moves a live service onto another SIM (and IMSI, for a physical one). Idempotent. */
  async swapSim(serviceId: string, iccid: string, imsi: string | null = null): Promise<MvneService> {
    const sim = [{ name: 'ICCID', value: iccid }, ...(imsi ? [{ name: 'IMSI', value: imsi }] : [])];
    const path = `/serviceActivationAndConfiguration/v4/service/${serviceId}`;
    const { data } = await this.call<TmfService>('PATCH', path, { serviceCharacteristic: sim });
    return fromTmfService(data);
  }

  /** TMF640: blocks a lost SIM for good (ADR 0029): `iccid`, or null for the one the service is on. */
  async blockSim(serviceId: string, iccid: string | null): Promise<void> {
    const lost = [{ name: 'blockSIM', value: iccid ?? '' }];
    await this.call('PATCH', `/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
      serviceCharacteristic: lost,
    });
  }

  /** Releases an eSIM profile for a line's issue; our profile row's id makes it idempotent. */
  async issueProfile(externalId: string): Promise<MvneEsimProfile> {
    return (await this.call<MvneEsimProfile>('POST', '/esimProfile/v1/profile', { externalId })).data;
  }

  async profile(id: string): Promise<MvneEsimProfile> {
    return (await this.call<MvneEsimProfile>('GET', `/esimProfile/v1/profile/${id}`)).data;
  }

  async disableProfile(id: string): Promise<MvneEsimProfile> {
    return (await this.call<MvneEsimProfile>('PATCH', `/esimProfile/v1/profile/${id}`, { state: 'disabled' }))
      .data;
  }

  /** Asks for a number to be ported in onto a service in the next porting window; idempotent by externalId. */
  async requestPort(input: {
    externalId: string;
    msisdn: string;
    donor: string;
    idNumber: string;
    serviceId: string;
  }): Promise<MvnePort> {
    return (await this.call<MvnePort>('POST', '/numberPortability/v1/portIn', input)).data;
  }

  async port(id: string): Promise<MvnePort> {
    return (await this.call<MvnePort>('GET', `/numberPortability/v1/portIn/${id}`)).data;
  }

  /** TMF677: the services' balance buckets for the current bundle month (unknown ids are left out). */
  async usageConsumption(serviceIds: string[]): Promise<MvneBucket[]> {
    const { data } = await this.call<{ bucket: MvneBucket[] }>(
      'POST',
      '/usageConsumption/v4/queryUsageConsumption',
      { searchCriteria: { serviceId: serviceIds } },
    );
    return data.bucket;
  }

  /** TMF635: rated usage records after `afterSequence`, oldest first, at most `limit`. */
  async usageRecords(afterSequence: number, limit: number): Promise<MvneUsageRecord[]> {
    const q = new URLSearchParams({ afterSequence: String(afterSequence), limit: String(limit) });
    return (await this.call<MvneUsageRecord[]>('GET', `/usageManagement/v4/usage?${q}`)).data;
  }

  /** TMF640: the line's data rollover and stop-at-100% options. Idempotent. */
  /**
   * TMF622: a change order on live services (ADR 0024): add a product to the lines it serves, change
   * those lines, or end it (now or on `terminationDate`). The same `externalId` again answers the
   * first order and changes nothing, so an order the MVNE has not finished is asked about again.
   */
  async orderProductChange(externalId: string, customerRef: string, item: MvneProductChange) {
    const { data } = await this.call<{ state: string; productOrderItem: { product: MvneProduct }[] }>(
      'POST',
      '/productOrderingManagement/v4/productOrder',
      {
        externalId,
        relatedParty: [{ id: customerRef, role: 'customer' }],
        productOrderItem: [
          {
            id: '1',
            action: item.action,
            product: {
              ...(item.productId ? { id: item.productId } : {}),
              ...(item.offering ? { productOffering: { id: item.offering } } : {}),
              ...(item.serviceIds ? { realizingService: item.serviceIds.map((id) => ({ id })) } : {}),
              ...(item.startDate ? { startDate: item.startDate.toISOString() } : {}),
              ...(item.terminationDate ? { terminationDate: item.terminationDate.toISOString() } : {}),
            },
          },
        ],
      },
    );
    const product = data.productOrderItem[0]?.product;
    checkOrderDone(externalId, data.state, !!product?.id);
    return product as MvneProduct;
  }

  /** Moves a live service onto another plan (TMF640 PATCH); the same plan again changes nothing. */
  async changePlan(serviceId: string, planCode: string) {
    await this.call('PATCH', `/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
      serviceCharacteristic: [{ name: 'planCode', value: planCode }],
    });
  }

  /** Roaming on or off, and the monthly spend cap on charged roaming (null: none). */
  async setRoaming(serviceId: string, roaming: { enabled: boolean; capCents: number | null }) {
    await this.call('PATCH', `/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
      serviceCharacteristic: [
        { name: 'roamingEnabled', value: String(roaming.enabled) },
        { name: 'roamingSpendCapCents', value: roaming.capCents === null ? '' : String(roaming.capCents) },
      ],
    });
  }

  async setUsageOptions(serviceId: string, options: { rollover: boolean; stopDataAtLimit: boolean }) {
    await this.call('PATCH', `/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
      serviceCharacteristic: [
        { name: 'dataRollover', value: String(options.rollover) },
        { name: 'dataStopAtLimit', value: String(options.stopDataAtLimit) },
      ],
    });
  }

  /** Bars international calls and SMS at home, made (IDD) or received from abroad; roaming is unaffected. */
  async setBarring(
    serviceId: string,
    barring: { incomingInternational: boolean; outgoingInternational: boolean },
  ) {
    await this.call('PATCH', `/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
      serviceCharacteristic: [
        { name: 'barIncomingInternational', value: String(barring.incomingInternational) },
        { name: 'barOutgoingInternational', value: String(barring.outgoingInternational) },
      ],
    });
  }

  /**
   * Moves a live service onto another number (TMF640 PATCH): one `reservationId` holds or, if that
   * hold ran out, one still free. The old number goes back to the MVNE's pool; the same number again
   * changes nothing, so a retry is safe.
   */
  async changeNumber(serviceId: string, msisdn: string, reservationId: string | null) {
    await this.call('PATCH', `/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
      serviceCharacteristic: [
        { name: 'MSISDN', value: msisdn },
        ...(reservationId ? [{ name: 'numberReservation', value: reservationId }] : []),
      ],
    });
  }

  /** Suspends a live service or resumes it (TMF640 PATCH); the same state again changes nothing. */
  async setServiceState(serviceId: string, state: 'active' | 'suspended' | 'terminated') {
    await this.call('PATCH', `/serviceActivationAndConfiguration/v4/service/${serviceId}`, { state });
  }
}

export interface MvneEsimProfile {
  id: string;
  externalId: string;
  iccid: string;
  activationCode: string;
  state: 'released' | 'installed' | 'disabled';
  eid: string | null;
}

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

export interface MvneService {
  id: string;
  externalId: string;
  /** The number the service works on now (a temporary one while a port-in is pending). */
  msisdn: string | null;
  state: 'inProgress' | 'active' | 'suspended' | 'terminated';
  startDate: string | null;
}

export interface TmfService {
  id: string;
  externalId: string;
  serviceCharacteristic?: { name: string; value: string }[];
  state: MvneService['state'];
  startDate: string | null;
}

export const fromTmfService = (s: TmfService): MvneService => ({
  id: s.id,
  externalId: s.externalId,
  msisdn: s.serviceCharacteristic?.find((c) => c.name === 'MSISDN')?.value ?? null,
  state: s.state,
  startDate: s.startDate,
});

/** A change to a live line's products, as a TMF622 order item. */
export interface MvneProductChange {
  action: 'add' | 'modify' | 'delete';
  /** The MVNE's product (modify, delete). */
  productId?: string;
  /** The catalog code (add). */
  offering?: string;
  serviceIds?: string[];
  startDate?: Date;
  terminationDate?: Date | null;
}

/** A product on live services as the MVNE's product inventory (TMF637) gives it. */
export interface MvneProduct {
  id: string;
  status: 'active' | 'pendingTerminate' | 'terminated';
  startDate: string;
  terminationDate: string | null;
}
