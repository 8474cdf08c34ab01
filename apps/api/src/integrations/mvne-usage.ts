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
