import { BYTES_PER_GB } from '@selfcare/domain';
import { describe, expect, it } from 'vitest';
import { MvneStore } from './store.ts';

const sg = (local: string) => new Date(`${local}+08:00`);

describe('a plan change at the MVNE', () => {
  it("counts what the line used this month against the new plan's allowances, and rates on it after", () => {
    const store = new MvneStore(undefined, { demoServices: false });
    store.setTrafficProfile({ dataSessionsPerDay: 80 });
    store.provision([
      { id: 's', msisdn: '83100000', planCode: 'LITE-10', activatedAt: sg('2026-03-01T00:00:00') },
    ]);
    store.generateUntil(sg('2026-03-05T00:00:00'));
    const before = store.usage.buckets(['s'], sg('2026-03-05T00:00:00').getTime());
    const data = before.find((b) => b.usageType === 'data' && b.origin === 'plan');
    const used = (data?.size ?? 0) - (data?.remaining ?? 0);
    expect(used).toBeGreaterThan(0);

    store.changePlan('s', 'VALUE-20');
    const after = store.usage.buckets(['s'], sg('2026-03-05T00:00:00').getTime());
    const bigger = after.find((b) => b.usageType === 'data' && b.origin === 'plan');
    expect(bigger?.size).toBe(150 * BYTES_PER_GB);
    expect(bigger?.remaining).toBe(150 * BYTES_PER_GB - used);
    expect(after.some((b) => b.scope === 'roaming' && b.size === BYTES_PER_GB)).toBe(true);
    expect(store.subscription('s').planCode).toBe('VALUE-20');
    // The same plan again changes nothing; a plan the MVNE does not offer is refused.
    store.changePlan('s', 'VALUE-20');
    expect(store.usage.buckets(['s'], sg('2026-03-05T00:00:00').getTime())).toEqual(after);
    expect(() => store.changePlan('s', 'NOPE')).toThrow(RangeError);
  });
});
