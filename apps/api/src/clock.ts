/**
 * The one source of "now". Outside production it can be moved forward so that expiries, windows and
 * monthly cycles can be shown and tested without waiting; the offset never goes below zero.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  advance(seconds: number): Date {
    this.offsetMs = Math.max(0, this.offsetMs + seconds * 1000);
    return this.now();
  }

  reset(): Date {
    this.offsetMs = 0;
    return this.now();
  }

  get offsetSeconds(): number {
    return this.offsetMs / 1000;
  }
}
