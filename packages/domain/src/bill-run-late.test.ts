import { describe, expect, it } from 'vitest';
import { billRunLateFrom } from './calendar.ts';

describe('when the bill run is late', () => {
  it("is from 06:00 in Singapore on the day the month's bills are issued, the 1st of the next month", () => {
    expect(billRunLateFrom('2026-10').toISOString()).toBe('2026-10-31T22:00:00.000Z');
    expect(billRunLateFrom('2026-12').toISOString()).toBe('2026-12-31T22:00:00.000Z');
  });
});
