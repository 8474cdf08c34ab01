/**
 * What a start has brought up (database, sandbox, MockPass, queue, server), and the one way it all
 * goes down: Ctrl-C, SIGTERM or a start that fails part way. A child process (MockPass) outlives a
 * parent that exits without stopping it, holding its port for the next start.
 */
export type Stop = () => Promise<void> | void;

export class Stops {
  private readonly stops: Stop[] = [];
  private stopping: Promise<void> | undefined;

  /** `report` says why a stop failed, as the start's own failure is said. */
  constructor(private readonly report: (err: unknown) => void = console.error) {}

  add(stop: Stop): void {
    this.stops.push(stop);
  }

  /** Runs every stop once, the latest started first; one that fails is reported and the rest still run. */
  run(): Promise<void> {
    this.stopping ??= (async () => {
      for (const stop of this.stops.reverse()) {
        await Promise.resolve().then(stop).catch(this.report);
      }
    })();
    return this.stopping;
  }
}

export interface RunOptions {
  /** Reports what made the start fail, or a stop. */
  report?: (err: unknown) => void;
  exit?: (code: number) => void;
  signals?: NodeJS.Signals[];
}

/**
 * Runs `main`, which registers a stop for each thing it starts. A signal stops everything and exits 0;
 * a failed start reports why, stops what had started and exits 1.
 */
export async function runUntilStopped(
  main: (stops: Stops) => Promise<void>,
  {
    report = console.error,
    exit = (code) => process.exit(code),
    signals = ['SIGINT', 'SIGTERM'],
  }: RunOptions = {},
): Promise<void> {
  const stops = new Stops(report);
  const stopAndExit = async (code: number) => {
    await stops.run();
    exit(code);
  };
  for (const signal of signals) process.on(signal, () => void stopAndExit(0));
  try {
    await main(stops);
  } catch (err) {
    report(err);
    await stopAndExit(1);
  }
}
