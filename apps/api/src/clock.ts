import { CLOCK_MAX_STEP_SECONDS } from '@selfcare/domain/endpoints';

/** The furthest one move may take the clock, and the furthest from real time it may ever be. */
export { CLOCK_MAX_STEP_SECONDS };
export const CLOCK_MAX_OFFSET_SECONDS = 5 * 366 * 24 * 60 * 60;

/**
 * The one source of "now". Where the configuration allows it (demos, tests) it can be moved
 * forward, so that expiries, windows and monthly cycles can be shown without waiting: within bounds,
 * and never behind real time.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  /** Moves "now" by `seconds` (at most a step, and the whole offset within its bound). */
  advance(seconds: number): Date {
    if (!Number.isFinite(seconds) || Math.abs(seconds) > CLOCK_MAX_STEP_SECONDS)
      throw new RangeError(`the clock moves at most ${CLOCK_MAX_STEP_SECONDS} seconds at a time`);
    const next = Math.max(0, this.offsetMs + seconds * 1000);
    if (next > CLOCK_MAX_OFFSET_SECONDS * 1000)
      throw new RangeError(`the clock stays within ${CLOCK_MAX_OFFSET_SECONDS} seconds of real time`);
    this.offsetMs = next;
    return this.now();
  }

  reset(): Date {
    this.offsetMs = 0;
    return this.now();
  }

  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }

  /** A time every part of the system can work with: a real date within the bounds. */
  get usable(): boolean {
    return (
      Number.isFinite(this.now().getTime()) &&
      this.offsetMs >= 0 &&
      this.offsetMs <= CLOCK_MAX_OFFSET_SECONDS * 1000
    );
  }
}
