import type { FastifyReply, FastifyRequest } from 'fastify';

/** The simulated systems that can be made to fail. */
export const FAULT_SYSTEMS = ['mvne', 'payments', 'bank', 'sms', 'smtp', 'address', 'push'] as const;
export type FaultSystem = (typeof FAULT_SYSTEMS)[number];
/**
 * 'acknowledge' is the MVNE's only: a change order on live services is answered `acknowledged`
 * (TMF622: taken, not done yet) and left undone, as a real MVNE answers one it works on later.
 */
export const FAULT_MODES = ['down', 'slow', 'error', 'acknowledge'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

/** How long a 'slow' system takes to answer. */
export const SLOW_MS = 3000;

interface Fault {
  system: FaultSystem;
  mode: FaultMode;
  until: number;
  /** Only requests whose path contains this (one service's id, one number); every request when absent. */
  match?: string;
}

/**
 * The fault switch: tests and demos make one of the simulated systems unreachable ('down': 503 or a
 * refused SMTP transaction), slow (answers after SLOW_MS) or broken ('error': 500) for N seconds;
 * for every request, or only those about one thing (`match`), so that one test's outage leaves the
 * others running beside it alone.
 */
export class Faults {
  private readonly active = new Map<string, Fault>();

  set(
    system: FaultSystem,
    mode: FaultMode,
    seconds: number,
    match?: string,
  ): { system: FaultSystem; mode: FaultMode; until: string; match?: string } {
    const until = Date.now() + seconds * 1000;
    this.active.set(`${system}\u0000${match ?? ''}`, { system, mode, until, ...(match ? { match } : {}) });
    return { system, mode, until: new Date(until).toISOString(), ...(match ? { match } : {}) };
  }

  /** Ends the faults of `system` (only the one for `match`, when given), or all of them. */
  clear(system?: FaultSystem, match?: string): void {
    for (const [key, fault] of this.active)
      if (!system || (fault.system === system && (match === undefined || fault.match === match)))
        this.active.delete(key);
  }

  /** The fault that applies to a request for `path` (none given: only a fault for every request). */
  current(system: FaultSystem, path?: string): FaultMode | null {
    const now = Date.now();
    for (const [key, fault] of this.active) {
      if (fault.until <= now) {
        this.active.delete(key);
        continue;
      }
      if (fault.system === system && (!fault.match || path?.includes(fault.match))) return fault.mode;
    }
    return null;
  }

  list() {
    const now = Date.now();
    return [...this.active.values()]
      .filter((f) => f.until > now)
      .map((f) => ({
        system: f.system,
        mode: f.mode,
        until: new Date(f.until).toISOString(),
        ...(f.match ? { match: f.match } : {}),
      }));
  }

  /** A Fastify onRequest hook that applies the system's fault, if any, before the route runs. */
  hook(system: FaultSystem) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const mode = this.current(system, request.url);
      if (mode === 'down') return reply.status(503).send({ error: `${system} is unavailable` });
      if (mode === 'error') return reply.status(500).send({ error: `${system} failed` });
      if (mode === 'slow') await new Promise((r) => setTimeout(r, SLOW_MS));
    };
  }
}
