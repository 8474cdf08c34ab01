import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_GB,
  bundleMonth,
  chargedMinutes,
  dataCarriedOver,
  drawData,
  formatChargedMinutes,
  formatChargedUsage,
  formatDataAmount,
} from './usage.ts';

const GB = BYTES_PER_GB;

describe('the bundle month', () => {
  it('starts at 00:00 Singapore time on the 1st, which is 16:00 UTC the day before', () => {
    expect(bundleMonth(new Date('2026-11-25T10:00:00Z'))).toEqual({
      start: new Date('2026-10-31T16:00:00Z'),
      end: new Date('2026-11-30T16:00:00Z'),
    });
  });

  it('has turned at midnight in Singapore while it is still the last day in UTC', () => {
    expect(bundleMonth(new Date('2026-11-30T15:59:59Z')).end).toEqual(new Date('2026-11-30T16:00:00Z'));
    expect(bundleMonth(new Date('2026-11-30T16:00:00Z')).start).toEqual(new Date('2026-11-30T16:00:00Z'));
  });

  it('runs from December into January of the next year', () => {
    expect(bundleMonth(new Date('2026-12-15T00:00:00Z')).end).toEqual(new Date('2026-12-31T16:00:00Z'));
  });
});

describe('data rollover (ADR 0022)', () => {
  it("carries the month's unused plan data, at most one month's allowance", () => {
    expect(dataCarriedOver({ allowanceBytes: 20 * GB, remainingBytes: 7 * GB }, true)).toBe(7 * GB);
    // A plan bucket that held rollover on top never carries more than the allowance.
    expect(dataCarriedOver({ allowanceBytes: 20 * GB, remainingBytes: 25 * GB }, true)).toBe(20 * GB);
  });

  it('carries nothing when rollover is off, for an unlimited plan, or from an overdrawn bucket', () => {
    expect(dataCarriedOver({ allowanceBytes: 20 * GB, remainingBytes: 7 * GB }, false)).toBe(0);
    expect(dataCarriedOver({ allowanceBytes: null, remainingBytes: 7 * GB }, true)).toBe(0);
    expect(dataCarriedOver({ allowanceBytes: 20 * GB, remainingBytes: -3 }, true)).toBe(0);
  });

  it('draws rollover data first, then plan data, and the rest is out of bundle', () => {
    expect(drawData({ rollover: 2 * GB, plan: 20 * GB }, 1 * GB)).toEqual({
      rollover: 1 * GB,
      plan: 20 * GB,
      outOfBundle: 0,
    });
    expect(drawData({ rollover: 2 * GB, plan: 20 * GB }, 5 * GB)).toEqual({
      rollover: 0,
      plan: 17 * GB,
      outOfBundle: 0,
    });
    expect(drawData({ rollover: 0, plan: 1 * GB }, 3 * GB)).toEqual({
      rollover: 0,
      plan: 0,
      outOfBundle: 2 * GB,
    });
  });
});

describe("a usage record's amount as charged", () => {
  it('counts calls by the started minute, as they are rated', () => {
    expect(formatChargedUsage(20, 'SECONDS')).toBe('1 min');
    expect(formatChargedUsage(60, 'SECONDS')).toBe('1 min');
    expect(formatChargedUsage(61, 'SECONDS')).toBe('2 min');
    expect(formatChargedUsage(0, 'SECONDS')).toBe('0 min');
  });

  it('charges a call of a few seconds one minute, never 0 min', () => {
    expect(chargedMinutes(4)).toBe(1);
    expect(formatChargedUsage(4, 'SECONDS')).toBe('1 min');
    expect(chargedMinutes(-5)).toBe(0);
  });

  it('sums the minutes charged per call: a total the records add up to, not the seconds floored', () => {
    // Calls of 10 s, 61 s and 3 min 5 s: 1 + 2 + 4 minutes charged, where 256 seconds floor to 4.
    const calls = [10, 61, 185];
    const minutes = calls.reduce((sum, s) => sum + chargedMinutes(s), 0);
    expect(formatChargedMinutes(minutes)).toBe('7 min');
    expect(calls.map((s) => formatChargedUsage(s, 'SECONDS'))).toEqual(['1 min', '2 min', '4 min']);
  });

  it('lists data in GB, as the spec shows it, and a little data as less than 0.01 GB, never as 0.00 GB', () => {
    expect(formatChargedUsage(13_002_342, 'BYTES')).toBe('0.01 GB');
    expect(formatDataAmount(300 * 1024)).toBe('< 0.01 GB');
    expect(formatDataAmount(1)).toBe('< 0.01 GB');
    expect(formatDataAmount(GB / 2)).toBe('0.50 GB');
    expect(formatDataAmount(0)).toBe('0.00 GB');
  });

  it('lists 1 GB and more in GB, as the balances show it', () => {
    expect(formatDataAmount(GB)).toBe('1.00 GB');
    expect(formatDataAmount(GB - 1000)).toBe('1.00 GB');
    expect(formatChargedUsage(2.5 * GB, 'BYTES')).toBe('2.50 GB');
  });

  it('shows SMS as the balances do', () => {
    expect(formatChargedUsage(3, 'EVENTS')).toBe('3 SMS');
  });
});
