import type { Balances, Bucket, UsageLine, UsageRecord } from '@selfcare/domain/contracts/usage';
import type { UsageSummary } from '@selfcare/domain/contracts/usage-summary';

export const GB = 1024 ** 3;
export const MAIN_ID = '0b6f6a3e-1c1e-4c53-9f3e-5d2a7f1b0a01';
export const SUB_ID = '0b6f6a3e-1c1e-4c53-9f3e-5d2a7f1b0a02';

export const usageLine = (over: Partial<UsageLine> = {}): UsageLine => ({
  id: MAIN_ID,
  msisdn: '91000004',
  isMainLine: true,
  planName: 'Value 20',
  unlimited: { data: false, voice: false, sms: false },
  rollover: true,
  stopDataAtLimit: false,
  suspended: false,
  ended: false,
  ...over,
});

export const bucket = (over: Partial<Bucket> = {}): Bucket => ({
  id: `b-${Math.random().toString(36).slice(2)}`,
  lineId: MAIN_ID,
  shared: false,
  kind: 'data',
  scope: 'local',
  origin: 'plan',
  name: 'Plan data',
  unit: 'BYTES',
  size: 20 * GB,
  remaining: 10 * GB,
  validFrom: '2026-06-01T00:00:00+08:00',
  validTo: '2026-07-01T00:00:00+08:00',
  ...over,
});

export const balances = (over: Partial<Balances> = {}): Balances => ({
  lines: [usageLine()],
  buckets: [bucket()],
  readAt: '2026-06-15T04:00:00Z',
  stale: false,
  renewsAt: '2026-06-30T16:00:00Z',
  today: '2026-06-15',
  ...over,
});

export const record = (over: Partial<UsageRecord> = {}): UsageRecord => ({
  id: `r-${Math.random().toString(36).slice(2)}`,
  lineId: MAIN_ID,
  msisdn: '91000004',
  kind: 'data',
  scope: 'local',
  direction: null,
  country: 'SG',
  startedAt: '2026-06-14T02:30:00Z',
  unit: 'BYTES',
  volume: GB,
  bucket: 'b-1',
  outOfBundle: 0,
  chargeCents: 0,
  ...over,
});

export const summaryRow = (
  over: Partial<UsageSummary['rows'][number]> = {},
): UsageSummary['rows'][number] => ({
  lineId: MAIN_ID,
  msisdn: '91000004',
  kind: 'voice',
  direction: 'outgoing',
  country: 'MY',
  events: 1,
  volume: 60,
  // A call's minutes as charged; data and SMS have none.
  minutes: (over.kind ?? 'voice') === 'voice' ? 1 : 0,
  outOfBundle: 60,
  chargeCents: 0,
  ...over,
});

export { renderPage } from '../../../test/render-page.tsx';
