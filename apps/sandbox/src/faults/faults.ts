import type { FastifyReply, FastifyRequest } from 'fastify';

/** The simulated systems that can be made to fail. */
export const FAULT_SYSTEMS = ['mvne', 'payments', 'bank', 'sms', 'smtp', 'address'] as const;
export type FaultSystem = (typeof FAULT_SYSTEMS)[number];
export const FAULT_MODES = ['down', 'slow', 'error'] as const;
export type FaultMode = (typeof FAULT_MODES)[number];

/** How long a 'slow' system takes to answer. */
export const SLOW_MS = 3000;

/**
 * The fault switch: tests and demos make one of the simulated systems unreachable ('down': 503 or a
 * refused SMTP transaction), slow (answers after SLOW_MS) or broken ('error': 500) for N seconds.
 */
export class Faults {
  private readonly active = new Map<FaultSystem, { mode: FaultMode; until: number }>();

  set(
    system: FaultSystem,
    mode: FaultMode,
    seconds: number,
  ): { system: FaultSystem; mode: FaultMode; until: string } {
    const until = Date.now() + seconds * 1000;
    this.active.set(system, { mode, until });
    return { system, mode, until: new Date(until).toISOString() };
  }

  clear(system?: FaultSystem): void {
    if (system) this.active.delete(system);
    else this.active.clear();
  }

  current(system: FaultSystem): FaultMode | null {
    const fault = this.active.get(system);
    if (!fault) return null;
    if (fault.until <= Date.now()) {
      this.active.delete(system);
      return null;
    }
    return fault.mode;
  }

  list() {
    return FAULT_SYSTEMS.flatMap((system) => {
      const mode = this.current(system);
      return mode
        ? [{ system, mode, until: new Date(this.active.get(system)?.until ?? 0).toISOString() }]
        : [];
    });
  }

  /** A Fastify onRequest hook that applies the system's fault, if any, before the route runs. */
  hook(system: FaultSystem) {
    return async (_request: FastifyRequest, reply: FastifyReply) => {
      const mode = this.current(system);
      if (mode === 'down') return reply.status(503).send({ error: `${system} is unavailable` });
      if (mode === 'error') return reply.status(500).send({ error: `${system} failed` });
      if (mode === 'slow') await new Promise((r) => setTimeout(r, SLOW_MS));
    };
  }
}
