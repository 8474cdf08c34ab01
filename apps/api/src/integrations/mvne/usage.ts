import type { MvneTransport } from './transport.ts';

/** A balance bucket as the MVNE's TMF677 usage consumption gives it. */
export interface MvneBucket {
  id: string;
  name: string;
  usageType: 'data' | 'voice' | 'sms';
  scope: 'local' | 'roaming' | 'idd';
  origin: 'plan' | 'rollover' | 'addon';
  isShared: boolean;
  serviceId: string | null;
  size: number;
  remaining: number;
  units: 'BYTES' | 'SECONDS' | 'EVENTS';
  validFor: { startDateTime: string; endDateTime: string };
  /** The product an add-on's bucket comes from (TMF635's bucket product reference). */
  product?: { id: string; name: string } | null;
}

/** A rated event as the MVNE's TMF635 usage records give it. */
export interface MvneUsageRecord {
  id: string;
  sequence: number;
  usageDate: string;
  usageType: 'data' | 'voice' | 'sms';
  serviceId: string;
  direction: 'outgoing' | 'incoming' | null;
  scope: 'local' | 'idd' | 'roaming';
  country: string;
  volume: number;
  units: 'BYTES' | 'SECONDS' | 'EVENTS';
  bucketId: string | null;
  outOfBundle: number;
  chargeCents: number;
}

/** TMF677 and TMF635: what the lines have left this bundle month, and the rated events as they come. */
export class MvneUsage {
  constructor(private readonly transport: MvneTransport) {}

  /** TMF677: the services' balance buckets for the current bundle month (unknown ids are left out). */
  async usageConsumption(serviceIds: string[]): Promise<MvneBucket[]> {
    const { data } = await this.transport.call<{ bucket: MvneBucket[] }>(
      'POST',
      '/usageConsumption/v4/queryUsageConsumption',
      { searchCriteria: { serviceId: serviceIds } },
    );
    return data.bucket;
  }

  /** TMF635: rated usage records after `afterSequence`, oldest first, at most `limit`. */
  async usageRecords(afterSequence: number, limit: number): Promise<MvneUsageRecord[]> {
    const q = new URLSearchParams({ afterSequence: String(afterSequence), limit: String(limit) });
    return (await this.transport.call<MvneUsageRecord[]>('GET', `/usageManagement/v4/usage?${q}`)).data;
  }
}
