import type { MvneTransport } from './transport.ts';

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

/**
 * TMF640 (service activation and configuration): a line's service on the network, its SIM, plan,
 * number, state and the options the network enforces (roaming, barring, data limits).
 */
export class MvneServiceActivation {
  constructor(private readonly transport: MvneTransport) {}

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
    const { data } = await this.transport.call<TmfService>(
      'POST',
      '/serviceActivationAndConfiguration/v4/service',
      {
        externalId: input.externalId,
        serviceCharacteristic: [
          { name: input.portIn ? 'portInMSISDN' : 'MSISDN', value: input.msisdn },
          { name: 'simType', value: input.simType },
          { name: 'planCode', value: input.planCode },
          ...(input.iccid ? [{ name: 'ICCID', value: input.iccid }] : []),
          ...(input.imsi ? [{ name: 'IMSI', value: input.imsi }] : []),
        ],
      },
    );
    return fromTmfService(data);
  }

  async service(id: string): Promise<MvneService> {
    const { data } = await this.transport.call<TmfService>(
      'GET',
      `/serviceActivationAndConfiguration/v4/service/${id}`,
    );
    return fromTmfService(data);
  }

  /** TMF640: moves a live service onto another SIM (and IMSI, for a physical one). Idempotent. */
  async swapSim(serviceId: string, iccid: string, imsi: string | null = null): Promise<MvneService> {
    const sim = [{ name: 'ICCID', value: iccid }, ...(imsi ? [{ name: 'IMSI', value: imsi }] : [])];
    const path = `/serviceActivationAndConfiguration/v4/service/${serviceId}`;
    const { data } = await this.transport.call<TmfService>('PATCH', path, { serviceCharacteristic: sim });
    return fromTmfService(data);
  }

  /** TMF640: blocks a lost SIM for good (ADR 0029): `iccid`, or null for the one the service is on. */
  async blockSim(serviceId: string, iccid: string | null): Promise<void> {
    const lost = [{ name: 'blockSIM', value: iccid ?? '' }];
    await this.transport.call('PATCH', `/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
      serviceCharacteristic: lost,
    });
  }

  /** Moves a live service onto another plan (TMF640 PATCH); the same plan again changes nothing. */
  async changePlan(serviceId: string, planCode: string) {
    await this.transport.call('PATCH', `/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
      serviceCharacteristic: [{ name: 'planCode', value: planCode }],
    });
  }

  /** Roaming on or off, and the monthly spend cap on charged roaming (null: none). */
  async setRoaming(serviceId: string, roaming: { enabled: boolean; capCents: number | null }) {
    await this.transport.call('PATCH', `/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
      serviceCharacteristic: [
        { name: 'roamingEnabled', value: String(roaming.enabled) },
        { name: 'roamingSpendCapCents', value: roaming.capCents === null ? '' : String(roaming.capCents) },
      ],
    });
  }

  /** TMF640: the line's data rollover and stop-at-100% options. Idempotent. */
  async setUsageOptions(serviceId: string, options: { rollover: boolean; stopDataAtLimit: boolean }) {
    await this.transport.call('PATCH', `/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
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
    await this.transport.call('PATCH', `/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
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
    await this.transport.call('PATCH', `/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
      serviceCharacteristic: [
        { name: 'MSISDN', value: msisdn },
        ...(reservationId ? [{ name: 'numberReservation', value: reservationId }] : []),
      ],
    });
  }

  /** Suspends a live service or resumes it (TMF640 PATCH); the same state again changes nothing. */
  async setServiceState(serviceId: string, state: 'active' | 'suspended' | 'terminated') {
    await this.transport.call('PATCH', `/serviceActivationAndConfiguration/v4/service/${serviceId}`, {
      state,
    });
  }
}
