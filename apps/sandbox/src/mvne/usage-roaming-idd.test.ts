import { BYTES_PER_GB } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import type { ProductChangeRequest } from './product-changes.ts';
import { MvneStore } from './store.ts';
import { IDD_SMS_CENTS } from './usage/rating.ts';
import { IDD_COUNTRIES, ROAMING_COUNTRIES, type TrafficProfile } from './usage/traffic.ts';
import type { UsageRecordView } from './usage/usage-log.ts';

const sg = (local: string) => new Date(`${local}+08:00`);
const MB = 2 ** 20;
const ASIA = ['MY', 'TH', 'ID', 'JP'];
const allRecords = (store: MvneStore) => store.usage.records(0, Number.MAX_SAFE_INTEGER);
const of = (records: UsageRecordView[], id: string, type: string, scope: string) =>
  records.filter((r) => r.serviceId === id && r.usageType === type && r.scope === scope);
const drawn = (records: UsageRecordView[], bucketId: string) =>
  records.filter((r) => r.bucketId === bucketId).reduce((sum, r) => sum + r.volume - r.outOfBundle, 0);
const iddRate = (country: string) => IDD_COUNTRIES.find((c) => c.country === country)?.centsPerMinute ?? NaN;
const roamingRate = (country: string) =>
  ROAMING_COUNTRIES.find((c) => c.country === country)?.dataCentsPerMb ?? NaN;

const FROM = sg('2026-06-01T00:00');

function network(profile: Partial<TrafficProfile>, lines: { id: string; plan?: string }[]) {
  const store = new MvneStore(undefined, { demoServices: false });
  store.setTrafficProfile(profile);
  store.provision(
    lines.map((l, i) => ({
      id: l.id,
      msisdn: String(83200000 + i),
      planCode: l.plan ?? 'LITE-10',
      activatedAt: FROM,
    })),
  );
  return store;
}

/** Adds each offering to its service at `now`; the new products' ids, in order. */
function add(store: MvneStore, now: Date, items: Omit<ProductChangeRequest, 'id' | 'action'>[]) {
  const { order } = store.changeProducts(
    {
      externalId: `add-${now.getTime()}-${items.map((i) => i.offering).join()}`,
      customerRef: 'c',
      items: items.map((i, n) => ({ ...i, id: String(n + 1), action: 'add' as const })),
    },
    now,
  );
  return (order.changes ?? []).map((c) => c.productId);
}

describe('roaming packs', () => {
  it('cover their own countries only, before the plan’s roaming data', () => {
    const store = network({ roamingTripsPerMonth: 10 }, [{ id: 'r' }, { id: 'v', plan: 'VALUE-20' }]);
    const until = sg('2026-08-01T00:00').toISOString();
    const [asia, japan] = add(store, FROM, [
      { offering: 'RP-ASIA-7D', services: ['r'], terminationDate: until },
      { offering: 'RP-JP-7D', services: ['v'], terminationDate: until },
    ]) as [string, string];
    store.generateUntil(sg('2026-07-31T23:00'));
    const records = allRecords(store);

    // Lite 10 has no roaming data: the Asia pack, then pay-per-use; Australia is never the pack's.
    const r = of(records, 'r', 'data', 'roaming');
    const fromPack = r.filter((x) => x.bucketId === asia);
    expect(fromPack.length).toBeGreaterThan(0);
    for (const x of fromPack) expect(ASIA).toContain(x.country);
    const australia = r.filter((x) => x.country === 'AU');
    expect(australia.length).toBeGreaterThan(0);
    for (const x of australia) {
      expect(x).toMatchObject({ bucketId: null, outOfBundle: x.volume });
      expect(x.chargeCents).toBe(Math.ceil(x.volume / MB) * roamingRate('AU'));
    }
    const pack = store.usage.buckets(['r']).find((b) => b.id === asia);
    expect(pack).toMatchObject({
      scope: 'roaming',
      origin: 'addon',
      name: 'Asia 5GB, 7 days',
      size: 5 * BYTES_PER_GB,
    });
    expect(pack?.remaining).toBe(5 * BYTES_PER_GB - drawn(records, asia));
    // While the pack had data, nothing in its countries was charged.
    const firstCharged = r.findIndex((x) => ASIA.includes(x.country) && x.outOfBundle > 0);
    if (firstCharged >= 0) {
      expect(pack?.remaining).toBe(0);
      expect(r.findLastIndex((x) => x.bucketId === asia)).toBeLessThanOrEqual(firstCharged);
    }

    // Value 20's 1GB of roaming data serves elsewhere; in Japan the pack goes first.
    const v = of(records, 'v', 'data', 'roaming');
    const inJapan = v.filter((x) => x.country === 'JP' && Date.parse(x.usageDate) >= FROM.getTime());
    expect(inJapan.length).toBeGreaterThan(0);
    for (const x of inJapan) expect(x.bucketId).toBe(japan);
    const elsewhere = v.filter((x) => x.country !== 'JP');
    expect(elsewhere.some((x) => x.bucketId === 'v:2026-06:roamingData')).toBe(true);
    for (const x of elsewhere) expect(x.bucketId).not.toBe(japan);
  });
});

describe('IDD services', () => {
  it('draws IDD calls on IDD 300 and SMS abroad on Global SMS 100, then charges at the saver’s half rate', () => {
    const store = network({ iddShare: 1, callsPerDay: 30, smsPerDay: 30, roamingTripsPerMonth: 0 }, [
      { id: 'i' },
      { id: 'j' },
    ]);
    const [minutes, , sms] = add(store, FROM, [
      { offering: 'IDD-300', services: ['i'] },
      { offering: 'IDD-SAVER', services: ['i'] },
      { offering: 'GLOBAL-SMS-100', services: ['i'] },
    ]) as [string, string, string];
    store.generateUntil(sg('2026-06-30T12:00'));
    const records = allRecords(store);

    const buckets = store.usage.buckets(['i']).filter((b) => b.origin === 'addon');
    expect(buckets.map((b) => [b.id, b.name, b.usageType, b.scope, b.units, b.size])).toEqual([
      [`${minutes}:2026-06`, 'IDD 300', 'voice', 'idd', 'SECONDS', 300 * 60],
      [`${sms}:2026-06`, 'Global SMS 100', 'sms', 'idd', 'EVENTS', 100],
    ]);
    expect(buckets.map((b) => b.remaining)).toEqual([0, 0]);

    const calls = of(records, 'i', 'voice', 'idd');
    expect(drawn(records, `${minutes}:2026-06`)).toBe(300 * 60);
    for (const c of calls) {
      // A call draws on the bucket; what it did not cover is charged at half the country's rate.
      if (c.bucketId === null) expect(c.outOfBundle).toBe(c.volume);
      else expect(c.outOfBundle).toBeLessThan(c.volume);
      expect(c.chargeCents).toBe(Math.ceil(c.outOfBundle / 60) * Math.ceil(iddRate(c.country) / 2));
    }
    const covered = calls.findLastIndex((c) => c.bucketId !== null);
    expect(calls.slice(0, covered).every((c) => c.chargeCents === 0)).toBe(true);
    expect(calls.slice(covered + 1).every((c) => c.chargeCents > 0)).toBe(true);
    for (const c of of(records, 'j', 'voice', 'idd')) {
      expect(c).toMatchObject({ bucketId: null, outOfBundle: c.volume });
      expect(c.chargeCents).toBe(Math.ceil(c.volume / 60) * iddRate(c.country));
    }

    const texts = of(records, 'i', 'sms', 'idd');
    expect(texts.slice(0, 100).every((t) => t.bucketId === `${sms}:2026-06` && t.chargeCents === 0)).toBe(
      true,
    );
    expect(texts.slice(100).every((t) => t.bucketId === null && t.chargeCents === IDD_SMS_CENTS)).toBe(true);
    expect(texts.length).toBeGreaterThan(100);
  });
});

describe('the roaming spend cap', () => {
  it('refuses charged roaming data once the month’s roaming reaches it, until the 1st', () => {
    const store = network({ roamingTripsPerMonth: 10 }, [{ id: 'c' }, { id: 'k' }]);
    store.setUsageOptions('c', { roamingSpendCapCents: 300 });
    // A cap of nothing: no charged roaming data at all, but a pack's data still flows.
    store.setUsageOptions('k', { roamingSpendCapCents: 0 });
    const [pack] = add(store, FROM, [
      { offering: 'RP-ASIA-7D', services: ['k'], terminationDate: sg('2026-08-01T00:00').toISOString() },
    ]);
    store.generateUntil(sg('2026-07-31T23:00'));
    const records = allRecords(store);

    let cut = 0;
    let callsAfterCap = 0;
    for (const month of ['2026-06', '2026-07']) {
      const roaming = records.filter(
        (r) => r.serviceId === 'c' && r.scope === 'roaming' && r.usageDate.startsWith(month),
      );
      let spent = 0;
      for (const r of roaming) {
        if (r.usageType === 'data') {
          // Refused once the month's roaming (calls and SMS abroad too) reached the cap.
          expect(spent).toBeLessThan(300);
          expect(spent + r.chargeCents).toBeLessThanOrEqual(300);
          expect(r.chargeCents).toBe(Math.ceil(r.outOfBundle / MB) * roamingRate(r.country));
          if (r.volume % MB === 0) cut++;
        } else if (spent >= 300) callsAfterCap++;
        spent += r.chargeCents;
      }
      // Each month starts again from nothing, with data charged before the cap was reached.
      expect(roaming.some((r) => r.usageType === 'data' && r.chargeCents > 0)).toBe(true);
      expect(spent).toBeGreaterThanOrEqual(300);
      if (month === '2026-07') expect(store.usage.roamingSpentCents('c')).toBe(spent);
    }
    // Calls and SMS abroad go on after the cap.
    expect(callsAfterCap).toBeGreaterThan(0);
    // A session crossing the cap is cut to the whole MB that fit.
    expect(cut).toBeGreaterThan(0);

    const k = of(records, 'k', 'data', 'roaming');
    expect(k.some((r) => r.bucketId === pack)).toBe(true);
    expect(k.every((r) => r.chargeCents === 0 && r.outOfBundle === 0 && r.bucketId === pack)).toBe(true);
  });
});

describe('roaming off', () => {
  it('gives a line no service abroad while it is off, and the same traffic at home', () => {
    const store = network({ roamingTripsPerMonth: 10 }, [{ id: 'off' }, { id: 'on' }]);
    store.setUsageOptions('off', { roamingEnabled: false });
    store.generateUntil(sg('2026-06-30T23:00'));
    const records = allRecords(store);
    expect(records.some((r) => r.serviceId === 'on' && r.scope === 'roaming')).toBe(true);
    expect(records.some((r) => r.serviceId === 'off' && r.scope === 'roaming')).toBe(false);
    expect(records.some((r) => r.serviceId === 'off' && r.scope === 'local')).toBe(true);
    expect(store.subscription('off').roamingEnabled).toBe(false);
  });
});
