import { describe, expect, it } from 'vitest';
import { passedThresholds } from './usage.alerts.ts';

const GB = 1024 ** 3;
const data = (size: number, remaining: number, origin: 'plan' | 'rollover' | 'addon' = 'plan') => ({
  usageType: 'data' as const,
  origin,
  size,
  remaining,
});

describe('usage alert thresholds', () => {
  it('passes 80% at four fifths used and 100% when nothing is left', () => {
    expect(passedThresholds(data(20 * GB, 4 * GB + 1))).toEqual([]);
    expect(passedThresholds(data(20 * GB, 4 * GB))).toEqual([80]);
    expect(passedThresholds(data(20 * GB, 1))).toEqual([80]);
    expect(passedThresholds(data(20 * GB, 0))).toEqual([80, 100]);
    expect(passedThresholds(data(20 * GB, -5))).toEqual([80, 100]);
  });

  it('tells of data buckets of the plan and add-ons only, never rollover, talk time or SMS', () => {
    expect(passedThresholds(data(5 * GB, 0, 'addon'))).toEqual([80, 100]);
    expect(passedThresholds(data(5 * GB, 0, 'rollover'))).toEqual([]);
    expect(passedThresholds({ usageType: 'voice', origin: 'plan', size: 6000, remaining: 0 })).toEqual([]);
    expect(passedThresholds(data(0, 0))).toEqual([]);
  });
});
