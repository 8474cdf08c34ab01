import { describe, expect, it } from 'vitest';
import { UsageMessages, usageQuerySchema, usageRangeEnd } from './usage.ts';

const issues = (q: object) => {
  const r = usageQuerySchema.safeParse(q);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('usage query', () => {
  it('takes a range of up to 12 months, from ≤ to', () => {
    expect(issues({ from: '2026-01-01', to: '2026-01-01' })).toEqual([]);
    expect(issues({ from: '2025-11-26', to: '2026-11-25' })).toEqual([]);
    expect(usageRangeEnd('2025-11-26')).toBe('2026-11-25');
    expect(usageRangeEnd('2024-02-29')).toBe('2025-02-28');
  });

  it('refuses a range that ends first or runs past 12 months, with its message', () => {
    expect(issues({ from: '2026-05-02', to: '2026-05-01' })).toEqual([UsageMessages.rangeOrder]);
    expect(issues({ from: '2025-11-26', to: '2026-11-26' })).toEqual([UsageMessages.rangeTooLong]);
  });

  it('refuses days that are not on the calendar, and nothing else breaks on them', () => {
    for (const bad of ['2026-02-30', '2026-13-01', '26-1-1'])
      expect(issues({ from: bad, to: '2026-12-01' })).toEqual(['From must be a date (YYYY-MM-DD)']);
    expect(issues({ from: '2\u0000026-12-01', to: '2026-12-01' })).toContain('From is invalid');
    expect(issues({ from: '', to: '2026-12-01' })).toContain('From is required');
  });
});
