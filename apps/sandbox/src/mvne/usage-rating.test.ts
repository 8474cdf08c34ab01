import { BYTES_PER_GB } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import { MvneStore } from './store.ts';
import { DEMO_SERVICES } from './usage/demo-services.ts';
import type { UsageBucket } from './usage/network.ts';
import type { UsageRecordView } from './usage/usage-log.ts';

const sg = (local: string) => new Date(`${local}+08:00`);
const LITE_DATA = 20 * BYTES_PER_GB;

const allRecords = (store: MvneStore) => store.usage.records(0, Number.MAX_SAFE_INTEGER);

/** What the records drew from each bucket: their volume less what no bucket covered. */
function drawnByBucket(records: UsageRecordView[]) {
  const drawn = new Map<string, number>();
  for (const r of records)
    if (r.bucketId) drawn.set(r.bucketId, (drawn.get(r.bucketId) ?? 0) + r.volume - r.outOfBundle);
  return drawn;
}

const bucketOf = (buckets: UsageBucket[], serviceId: string, origin: 'plan' | 'rollover', type = 'data') =>
  buckets.find(
    (b) => b.serviceId === serviceId && b.origin === origin && b.usageType === type && b.scope === 'local',
  );

function lines(store: MvneStore, from: Date, specs: { id: string; rollover?: boolean; stop?: boolean }[]) {
  store.provision(
    specs.map((s, i) => ({
      id: s.id,
      msisdn: String(83000000 + i),
      planCode: 'LITE-10',
      activatedAt: from,
      rollover: s.rollover,
      stopDataAtLimit: s.stop,
    })),
  );
}

describe('usage rating (TMF677 buckets, TMF635 records)', () => {
  it('keeps every bucket at its size less what this month’s records drew from it', () => {
    const store = new MvneStore();
    store.generateUntil(new Date());
    const ids = DEMO_SERVICES.map((s) => s.id);
    const buckets = store.usage.buckets(ids);
    const drawn = drawnByBucket(allRecords(store));
    expect(buckets.length).toBeGreaterThan(0);
    for (const b of buckets) expect(b.remaining).toBe(Math.max(0, b.size - (drawn.get(b.id) ?? 0)));
    // Unlimited allowances have no bucket: Max 55 has only its roaming data.
    expect(buckets.filter((b) => b.serviceId === 'DEMO-91000006').map((b) => b.scope)).toEqual(['roaming']);
    // Lite 10 has no roaming data, so no roaming bucket.
    expect(buckets.some((b) => b.serviceId === 'DEMO-81000001' && b.scope === 'roaming')).toBe(false);
    const records = allRecords(store);
    // Unlimited data never goes out of bundle; what is charged is what no bucket covered.
    expect(
      records.some((r) => r.serviceId === 'DEMO-91000006' && r.scope === 'local' && r.outOfBundle > 0),
    ).toBe(false);
    for (const r of records) {
      expect(r.outOfBundle).toBeLessThanOrEqual(r.volume);
      if (r.chargeCents > 0) expect(r.outOfBundle).toBeGreaterThan(0);
      if (r.scope === 'local') expect(r.country).toBe('SG');
    }
  });

  it('writes the same records for the same seed, however the generation is cut up', () => {
    const from = sg('2026-03-10T09:00');
    const until = sg('2026-04-12T18:30');
    const [one, two, other] = [0, 1, 2].map(() => new MvneStore(undefined, { demoServices: false })) as [
      MvneStore,
      MvneStore,
      MvneStore,
    ];
    for (const store of [one, two, other]) lines(store, from, [{ id: 'a', rollover: true }, { id: 'b' }]);
    one.generateUntil(until);
    for (let t = from.getTime(); t < until.getTime(); t += 7 * 3600_000 + 1234)
      two.generateUntil(new Date(t));
    two.generateUntil(until);
    expect(one.recordCount()).toBeGreaterThan(1000);
    expect(allRecords(two)).toEqual(allRecords(one));
    expect(two.usage.buckets(['a', 'b'])).toEqual(one.usage.buckets(['a', 'b']));
    other.setTrafficProfile({ seed: 7 });
    other.generateUntil(until);
    expect(allRecords(other)).not.toEqual(allRecords(one));
  });

  it('writes each hour once, in order: up to the last whole hour before now, nothing before activation', () => {
    const store = new MvneStore(undefined, { demoServices: false });
    lines(store, sg('2026-05-01T10:20'), [{ id: 'a' }]);
    expect(store.generateUntil(sg('2026-05-03T12:59'))).toBe(store.recordCount());
    const first = allRecords(store);
    expect(store.generateUntil(sg('2026-05-03T12:59:59'))).toBe(0);
    store.generateUntil(sg('2026-05-04T00:00'));
    const all = allRecords(store);
    expect(all.slice(0, first.length)).toEqual(first);
    expect(all.map((r) => r.sequence)).toEqual(all.map((_, i) => i + 1));
    expect(all.map((r) => r.id)).toEqual(all.map((_, i) => `U-${i + 1}`));
    const times = all.map((r) => Date.parse(r.usageDate));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(sg('2026-05-01T11:00').getTime());
    expect(Math.max(...times.slice(0, first.length))).toBeLessThan(sg('2026-05-03T12:00').getTime());
    expect(Math.max(...times)).toBeLessThan(sg('2026-05-04T00:00').getTime());
    // One line's records are in time order.
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  });

  it('renews buckets on the 1st, carrying the plan data left into a rollover bucket used first', () => {
    const store = new MvneStore(undefined, { demoServices: false });
    lines(store, sg('2026-01-20T00:00'), [{ id: 'on', rollover: true }, { id: 'off' }]);
    store.generateUntil(sg('2026-01-31T23:59'));
    expect(bucketOf(store.usage.buckets(['on']), 'on', 'rollover')).toBeUndefined();

    store.generateUntil(sg('2026-02-01T00:30'));
    const drawn = drawnByBucket(allRecords(store));
    const janLeft = LITE_DATA - (drawn.get('on:2026-01:data') ?? 0);
    expect(janLeft).toBeGreaterThan(0);
    const feb = store.usage.buckets(['on', 'off']);
    const plan = bucketOf(feb, 'on', 'plan');
    expect(plan).toMatchObject({ id: 'on:2026-02:data', size: LITE_DATA, remaining: LITE_DATA });
    expect(plan?.validFor).toEqual({
      startDateTime: sg('2026-02-01T00:00').toISOString(),
      endDateTime: sg('2026-03-01T00:00').toISOString(),
    });
    expect(bucketOf(feb, 'on', 'rollover')).toMatchObject({
      id: 'on:2026-02:rollover',
      name: 'Rollover data',
      size: Math.min(janLeft, LITE_DATA),
      remaining: Math.min(janLeft, LITE_DATA),
      validFor: plan?.validFor,
    });
    expect(bucketOf(feb, 'off', 'rollover')).toBeUndefined();
    expect(bucketOf(feb, 'off', 'plan')?.remaining).toBe(LITE_DATA);
    expect(bucketOf(feb, 'on', 'plan', 'voice')?.remaining).toBe(100 * 60);

    // Rollover data goes first: the plan's is touched only once it is used up.
    store.generateUntil(sg('2026-03-01T00:30'));
    const febLocal = allRecords(store).filter(
      (r) => r.bucketId?.startsWith('on:2026-02:') && r.scope === 'local',
    );
    const lastRollover = febLocal.findLastIndex((r) => r.bucketId === 'on:2026-02:rollover');
    const firstPlan = febLocal.findIndex((r) => r.bucketId === 'on:2026-02:data');
    expect(lastRollover).toBeGreaterThanOrEqual(0);
    if (firstPlan >= 0) expect(firstPlan).toBeGreaterThan(lastRollover);
    // What rolls into March is February's plan data left, never rollover data again.
    const febDrawn = drawnByBucket(allRecords(store));
    const febPlanLeft = LITE_DATA - (febDrawn.get('on:2026-02:data') ?? 0);
    expect(bucketOf(store.usage.buckets(['on']), 'on', 'rollover')?.size).toBe(febPlanLeft);

    // Switched off, the next reset carries nothing.
    store.setUsageOptions('on', { rollover: false });
    store.generateUntil(sg('2026-04-01T00:30'));
    expect(bucketOf(store.usage.buckets(['on']), 'on', 'rollover')).toBeUndefined();
  });

  it("gives one service a profile of its own, and the rest of the network's traffic stays as it was", () => {
    const day = (heavy: boolean) => {
      const store = new MvneStore(undefined, { demoServices: false });
      lines(store, sg('2026-06-01T00:00'), [{ id: 'heavy' }, { id: 'light' }]);
      if (heavy) store.setTrafficProfile({ dataSessionsPerDay: 100, meanSessionMb: 1024 }, 'heavy');
      store.generateUntil(sg('2026-06-02T00:00'));
      const of = (id: string) =>
        allRecords(store)
          .filter((r) => r.serviceId === id)
          .map(({ sequence, id, ...r }) => r);
      return { store, heavy: of('heavy'), light: of('light') };
    };
    const plain = day(false);
    const busy = day(true);
    const data = (rs: { usageType: string; volume: number }[]) =>
      rs.filter((r) => r.usageType === 'data').reduce((sum, r) => sum + r.volume, 0);
    // About 100GB in the day: the plan's 20GB gone, against well under 1GB before.
    expect(data(busy.heavy)).toBeGreaterThan(3 * LITE_DATA);
    expect(data(plain.heavy)).toBeLessThan(BYTES_PER_GB);
    expect(bucketOf(busy.store.usage.buckets(['heavy']), 'heavy', 'plan')?.remaining).toBe(0);
    expect(busy.light).toEqual(plain.light);
    expect(busy.store.trafficProfile('heavy')).toMatchObject({
      dataSessionsPerDay: 100,
      meanSessionMb: 1024,
    });
    expect(busy.store.trafficProfile('light')).toEqual(busy.store.trafficProfile());
    expect(() => busy.store.setTrafficProfile({ smsPerDay: 1 }, 'nobody')).toThrow();
  });

  it('stops local data at the limit when asked, instead of charging it out of bundle', () => {
    const store = new MvneStore(undefined, { demoServices: false });
    store.setTrafficProfile({ dataSessionsPerDay: 60 });
    lines(store, sg('2026-06-01T00:00'), [{ id: 'stop', stop: true }, { id: 'go' }]);
    store.generateUntil(sg('2026-06-30T12:00'));
    const local = (id: string) =>
      allRecords(store).filter((r) => r.serviceId === id && r.usageType === 'data' && r.scope === 'local');
    expect(local('stop').some((r) => r.outOfBundle > 0)).toBe(false);
    expect(local('stop').reduce((sum, r) => sum + r.volume, 0)).toBe(LITE_DATA);
    expect(bucketOf(store.usage.buckets(['stop']), 'stop', 'plan')?.remaining).toBe(0);
    const charged = local('go').filter((r) => r.outOfBundle > 0);
    expect(charged.length).toBeGreaterThan(0);
    for (const r of charged) expect(r.chargeCents).toBe(Math.ceil(r.outOfBundle / 2 ** 20));
  });

  it('generates a month for 1,000 lines, and a month for a few lines at once (times printed, not asserted)', () => {
    const store = new MvneStore(undefined, { demoServices: false });
    const now = sg('2026-07-31T12:00');
    const plans = ['LITE-10', 'VALUE-20', 'PLUS-35', 'MAX-55', 'CIS-ACME-18', 'CIS-ORCHID-28'];
    store.provision(
      Array.from({ length: 1000 }, (_, i) => ({
        id: `bench-${i}`,
        msisdn: String(84000000 + i),
        planCode: plans[i % plans.length] as string,
        activatedAt: new Date(now.getTime() - 30 * 24 * 3600_000),
      })),
    );
    let started = performance.now();
    const written = store.generateUntil(now);
    const bulk = performance.now() - started;
    started = performance.now();
    const page = JSON.stringify(store.usage.records(written - 5000, 5000));
    const paging = performance.now() - started;

    const few = new MvneStore(undefined, { demoServices: false });
    lines(few, sg('2026-07-01T00:00'), [{ id: 'x' }, { id: 'y' }, { id: 'z' }]);
    started = performance.now();
    few.generateUntil(sg('2026-08-01T00:00'));
    const jump = performance.now() - started;
    process.stdout.write(
      `usage: ${written} records for 1,000 lines × 30 days in ${bulk.toFixed(0)} ms; ` +
        `a page of 5,000 built and encoded in ${paging.toFixed(1)} ms (${page.length} bytes); ` +
        `a month for 3 lines in ${jump.toFixed(0)} ms\n`,
    );
    expect(written).toBeGreaterThan(500_000);
  }, 120_000);
});
