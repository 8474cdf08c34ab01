import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BYTES_PER_GB } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import type { ProductChangeRequest } from './product-changes.ts';
import { MvneStore } from './store.ts';
import type { UsageRecordView } from './usage/usage-log.ts';

const sg = (local: string) => new Date(`${local}+08:00`);
const GB = BYTES_PER_GB;
const allRecords = (store: MvneStore) => store.usage.records(0, Number.MAX_SAFE_INTEGER);
const localData = (records: UsageRecordView[], id: string) =>
  records.filter((r) => r.serviceId === id && r.usageType === 'data' && r.scope === 'local');
const drawn = (records: UsageRecordView[], bucketId: string) =>
  records.filter((r) => r.bucketId === bucketId).reduce((sum, r) => sum + r.volume - r.outOfBundle, 0);

/** A store with Lite 10 lines (20GB) live from `from`, and heavy data use: about 2GB a day. */
function network(from: Date, ids: string[], opts: { file?: string } = {}) {
  const store = new MvneStore(opts.file, { demoServices: false });
  store.setTrafficProfile({ dataSessionsPerDay: 80 });
  store.provision(
    ids.map((id, i) => ({ id, msisdn: String(83100000 + i), planCode: 'LITE-10', activatedAt: from })),
  );
  return store;
}

let orders = 0;
/** Orders the changes at `now`; the ids of the products they touched. */
function order(store: MvneStore, now: Date, items: Omit<ProductChangeRequest, 'id'>[]) {
  const { order } = store.changeProducts(
    {
      externalId: `o-${++orders}`,
      customerRef: 'c',
      items: items.map((i, n) => ({ ...i, id: String(n + 1) })),
    },
    now,
  );
  return (order.changes ?? []).map((c) => c.productId);
}

describe('product buckets on a line', () => {
  it('draws local data from the plan, then boosters earliest end first, then out of bundle', () => {
    const store = network(sg('2026-06-01T00:00'), ['a']);
    const bought = sg('2026-06-05T10:30');
    const boostEnd = sg('2026-06-25T00:00');
    const [boost, monthly] = order(store, bought, [
      { action: 'add', offering: 'BOOST-5', services: ['a'], terminationDate: boostEnd.toISOString() },
      { action: 'add', offering: 'DATA-20', services: ['a'] },
    ]) as [string, string];

    // Bought mid-month, a monthly add-on's first bucket is full size, from the purchase.
    const listed = store.usage.buckets(['a'], bought.getTime());
    expect(listed.filter((b) => b.origin === 'addon')).toEqual([
      {
        id: boost,
        name: 'Data Booster 5GB',
        usageType: 'data',
        scope: 'local',
        origin: 'addon',
        isShared: false,
        serviceId: 'a',
        size: 5 * GB,
        remaining: 5 * GB,
        units: 'BYTES',
        validFor: { startDateTime: bought.toISOString(), endDateTime: boostEnd.toISOString() },
        product: { id: boost, name: 'Data Booster 5GB' },
      },
      expect.objectContaining({
        id: `${monthly}:2026-06`,
        name: 'Extra 20GB',
        size: 20 * GB,
        remaining: 20 * GB,
        validFor: {
          startDateTime: bought.toISOString(),
          endDateTime: sg('2026-07-01T00:00').toISOString(),
        },
      }),
    ]);

    store.generateUntil(sg('2026-06-30T23:00'));
    const records = localData(allRecords(store), 'a');
    const named = (id: string) => records.flatMap((r, i) => (r.bucketId === id ? [i] : []));
    const plan = named('a:2026-06:data');
    const boosted = named(boost);
    const extra = named(`${monthly}:2026-06`);
    const charged = records.flatMap((r, i) => (r.outOfBundle > 0 ? [i] : []));
    expect([plan.length, boosted.length, extra.length, charged.length].every((n) => n > 0)).toBe(true);
    // Each bucket is used up before the next is touched: plan, booster (ends first), add-on, pay-per-use.
    expect(Math.max(...plan)).toBeLessThan(Math.min(...boosted));
    expect(Math.max(...boosted)).toBeLessThan(Math.min(...extra));
    expect(Math.max(...extra)).toBeLessThanOrEqual(Math.min(...charged));
    // Nothing from the hours before the purchase, nor charged while a bucket had data.
    for (const i of [...boosted, ...extra])
      expect(Date.parse(records[i]?.usageDate ?? '')).toBeGreaterThanOrEqual(
        sg('2026-06-05T11:00').getTime(),
      );
    const left = store.usage.buckets(['a']).filter((b) => b.origin === 'addon');
    for (const b of left) expect(b.remaining).toBe(b.size - drawn(records, b.id));
    expect(drawn(records, boost)).toBe(5 * GB);
    expect(drawn(records, `${monthly}:2026-06`)).toBe(20 * GB);
  });

  it('stops at the limit only once the plan and every booster are empty', () => {
    const store = network(sg('2026-06-01T00:00'), ['s']);
    store.setUsageOptions('s', { stopDataAtLimit: true });
    const [topUp] = order(store, sg('2026-06-02T00:00'), [
      { action: 'add', offering: 'TOPUP-3', services: ['s'] },
    ]);
    store.generateUntil(sg('2026-06-30T00:00'));
    const records = localData(allRecords(store), 's');
    expect(records.some((r) => r.outOfBundle > 0)).toBe(false);
    expect(records.reduce((sum, r) => sum + r.volume, 0)).toBe(23 * GB);
    expect(store.usage.buckets(['s']).find((b) => b.id === topUp)).toMatchObject({
      remaining: 0,
      validFor: { endDateTime: null },
    });
  });

  it('lists a shared booster once for the lines sharing it, and lets each of them draw on it', () => {
    const store = network(sg('2026-06-01T00:00'), ['p', 'q', 'solo']);
    const [shared] = order(store, sg('2026-06-05T10:00'), [
      {
        action: 'add',
        offering: 'BOOST-20-SHARE',
        services: ['p', 'q'],
        terminationDate: sg('2026-06-30T00:00').toISOString(),
      },
    ]) as [string];
    store.generateUntil(sg('2026-06-13T00:00'));
    // q leaves the family at 10:20, its plan data used up: it draws on nothing from that hour on.
    order(store, sg('2026-06-13T10:20'), [{ action: 'modify', productId: shared, services: ['p'] }]);
    store.generateUntil(sg('2026-06-29T00:00'));

    const both = store.usage.buckets(['p', 'q', 'solo']).filter((b) => b.origin === 'addon');
    expect(both).toEqual([
      expect.objectContaining({ id: shared, name: 'Shared Booster 20GB', isShared: true, serviceId: null }),
    ]);
    expect(store.usage.buckets(['solo']).some((b) => b.origin === 'addon')).toBe(false);
    const records = allRecords(store);
    const from = (id: string) => records.filter((r) => r.serviceId === id && r.bucketId === shared);
    expect(from('p').length).toBeGreaterThan(0);
    expect(from('q').length).toBeGreaterThan(0);
    for (const r of from('q')) expect(Date.parse(r.usageDate)).toBeLessThan(sg('2026-06-13T10:00').getTime());
    expect(from('solo')).toEqual([]);
    expect(both[0]?.remaining).toBe(20 * GB - drawn(records, shared));
  });

  it('renews a monthly add-on on the 1st, and ends it at its delete date', () => {
    const store = network(sg('2026-06-01T00:00'), ['m']);
    const [addOn] = order(store, sg('2026-06-10T09:00'), [
      { action: 'add', offering: 'BOOST-10-MONTHLY', services: ['m'] },
    ]) as [string];
    store.generateUntil(sg('2026-06-30T23:00'));
    const june = store.usage.buckets(['m']).find((b) => b.origin === 'addon');
    expect(june).toMatchObject({ id: `${addOn}:2026-06`, remaining: 0 });

    store.generateUntil(sg('2026-07-01T00:00'));
    const july = store.usage.buckets(['m']).find((b) => b.origin === 'addon');
    expect(july).toMatchObject({ id: `${addOn}:2026-07`, size: 10 * GB, remaining: 10 * GB });
    expect(july?.validFor).toEqual({
      startDateTime: sg('2026-07-01T00:00').toISOString(),
      endDateTime: sg('2026-08-01T00:00').toISOString(),
    });

    const end = sg('2026-07-15T12:30');
    order(store, sg('2026-07-01T00:00'), [
      { action: 'delete', productId: addOn, terminationDate: end.toISOString() },
    ]);
    expect(store.usage.product(addOn)?.deleted).toBe(true);
    expect(store.usage.buckets(['m']).find((b) => b.origin === 'addon')?.validFor.endDateTime).toBe(
      end.toISOString(),
    );
    store.generateUntil(sg('2026-08-01T01:00'));
    expect(store.usage.buckets(['m']).some((b) => b.origin === 'addon')).toBe(false);
    const records = allRecords(store);
    const used = records.filter((r) => r.bucketId?.startsWith(addOn));
    expect(new Set(used.map((r) => r.bucketId))).toEqual(new Set([`${addOn}:2026-06`, `${addOn}:2026-07`]));
    for (const r of used) {
      expect(Date.parse(r.usageDate)).toBeGreaterThanOrEqual(sg('2026-06-10T09:00').getTime());
      // The hour the delete falls in is no longer the add-on's.
      expect(Date.parse(r.usageDate)).toBeLessThan(sg('2026-07-15T12:00').getTime());
    }
  });
});

describe('products across a restart', () => {
  it('gives the same products, buckets and records from the files, and goes on the same way', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mvne-products-'));
    const file = join(dir, 'mvne.json');
    try {
      const one = network(sg('2026-06-01T00:00'), ['a', 'b'], { file });
      one.setUsageOptions('b', { roamingSpendCapCents: 700 });
      const at = sg('2026-06-03T08:00');
      const request = {
        externalId: 'restart-order',
        customerRef: 'c',
        items: [
          { id: '1', action: 'add' as const, offering: 'BOOST-20-SHARE', services: ['a', 'b'] },
          { id: '2', action: 'add' as const, offering: 'DATA-20', services: ['a'] },
          { id: '3', action: 'add' as const, offering: 'RP-ASIA-7D', services: ['b'] },
        ],
      };
      const first = one.changeProducts(request, at).order;
      one.generateUntil(sg('2026-06-20T05:00'));

      // The second reads a copy of the files, so that each goes on writing its own.
      cpSync(dir, `${dir}-copy`, { recursive: true });
      const two = new MvneStore(join(`${dir}-copy`, 'mvne.json'));
      const ids = ['a', 'b'];
      expect(two.usage.products()).toEqual(one.usage.products());
      expect(two.usage.buckets(ids, at.getTime())).toEqual(one.usage.buckets(ids, at.getTime()));
      expect(allRecords(two)).toEqual(allRecords(one));
      expect(two.usage.roamingSpentCents('b')).toBe(one.usage.roamingSpentCents('b'));
      expect(two.changeProducts(request, sg('2026-06-21T00:00'))).toEqual({ order: first, created: false });
      expect(two.usage.products()).toHaveLength(3);

      for (const store of [one, two]) store.generateUntil(sg('2026-07-04T00:00'));
      expect(allRecords(two)).toEqual(allRecords(one));
      expect(two.usage.buckets(ids)).toEqual(one.usage.buckets(ids));
      // The monthly add-on renewed on the 1st in both.
      const addOn = `${first.changes?.[1]?.productId}:2026-07`;
      expect(two.usage.buckets(['a']).find((b) => b.id === addOn)?.remaining).toBe(20 * GB);
    } finally {
      for (const d of [dir, `${dir}-copy`]) rmSync(d, { recursive: true, force: true });
    }
  });
});

describe('rating with products', () => {
  it('generates a month for 1,000 lines with products on them (its time is printed, not asserted)', () => {
    const store = new MvneStore(undefined, { demoServices: false });
    store.setTrafficProfile({ dataSessionsPerDay: 40, roamingTripsPerMonth: 3, iddShare: 0.5 });
    const now = sg('2026-07-31T12:00');
    const from = new Date(now.getTime() - 30 * 24 * 3600_000);
    store.provision(
      Array.from({ length: 1000 }, (_, i) => ({
        id: `bench-${i}`,
        msisdn: String(84000000 + i),
        planCode: 'LITE-10',
        activatedAt: from,
      })),
    );
    for (let i = 0; i < 1000; i += 2)
      order(store, from, [
        { action: 'add', offering: 'BOOST-10-MONTHLY', services: [`bench-${i}`] },
        { action: 'add', offering: 'IDD-300', services: [`bench-${i}`] },
        {
          action: 'add',
          offering: 'RP-ASIA-7D',
          services: [`bench-${i + 1}`],
          terminationDate: now.toISOString(),
        },
        { action: 'add', offering: 'BOOST-30-MONTHLY-SHARE', services: [`bench-${i}`, `bench-${i + 1}`] },
      ]);
    const started = performance.now();
    const written = store.generateUntil(now);
    const took = performance.now() - started;
    const fromProducts = allRecords(store).filter(
      (r) => r.bucketId && !r.bucketId.startsWith('bench-'),
    ).length;
    process.stdout.write(
      `usage with products: ${written} records (${fromProducts} from product buckets) in ${took.toFixed(0)} ms\n`,
    );
    expect(written).toBeGreaterThan(1_000_000);
    expect(fromProducts).toBeGreaterThan(100_000);
  }, 120_000);
});
