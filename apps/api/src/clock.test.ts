import { describe, expect, it } from 'vitest';
import { CLOCK_MAX_OFFSET_SECONDS, CLOCK_MAX_STEP_SECONDS, Clock } from './clock.ts';

describe('Clock', () => {
  it('moves forward within a step and a total bound, never behind real time', () => {
    const clock = new Clock();
    clock.advance(60);
    expect(clock.offsetSeconds).toBe(60);
    clock.advance(-120);
    expect(clock.offsetSeconds).toBe(0);
    expect(() => clock.advance(CLOCK_MAX_STEP_SECONDS + 1)).toThrow(RangeError);
    expect(() => clock.advance(Number.NaN)).toThrow(RangeError);
    expect(() => clock.advance(1e15)).toThrow(RangeError);
    while (clock.offsetSeconds + CLOCK_MAX_STEP_SECONDS <= CLOCK_MAX_OFFSET_SECONDS)
      clock.advance(CLOCK_MAX_STEP_SECONDS);
    expect(() => clock.advance(CLOCK_MAX_STEP_SECONDS)).toThrow(RangeError);
    expect(clock.usable).toBe(true);
    expect(Number.isFinite(clock.now().getTime())).toBe(true);
  });
});
