import type { FastifyInstance } from 'fastify';

/**
 * The sandbox's own "now": the porting runs of the MVNE and the bank's PayNow credits read it, so a
 * demo or a test can move it to a porting window instead of waiting for 11pm, or past the working
 * days a credit takes. It only moves forward from the real time.
 */
export class SandboxClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves to `at` (if later than now) or forward by `seconds`. */
  set(input: { at?: string; advanceSeconds?: number; reset?: boolean }): Date {
    if (input.reset) this.offsetMs = 0;
    if (input.advanceSeconds) this.offsetMs += input.advanceSeconds * 1000;
    if (input.at) this.offsetMs = Math.max(this.offsetMs, Date.parse(input.at) - Date.now());
    this.offsetMs = Math.max(0, this.offsetMs);
    return this.now();
  }
}

const clockSchema = {
  type: 'object',
  properties: { now: { type: 'string' }, offsetSeconds: { type: 'number' } },
} as const;

export function registerClockRoutes(app: FastifyInstance, clock: SandboxClock) {
  const view = () => ({
    now: clock.now().toISOString(),
    offsetSeconds: Math.round((clock.now().getTime() - Date.now()) / 1000),
  });
  app.get(
    '/sandbox/api/clock',
    { schema: { tags: ['clock'], summary: 'The sandbox time', response: { 200: clockSchema } } },
    async () => view(),
  );
  app.post<{ Body: { at?: string; advanceSeconds?: number; reset?: boolean } }>(
    '/sandbox/api/clock',
    {
      schema: {
        tags: ['clock'],
        summary: 'Move the sandbox time forward: to an instant (`at`), by seconds, or back to real time',
        body: {
          type: 'object',
          properties: {
            at: { type: 'string', format: 'date-time' },
            advanceSeconds: { type: 'integer', minimum: 0 },
            reset: { type: 'boolean' },
          },
        },
        response: { 200: clockSchema },
      },
    },
    async (request) => {
      clock.set(request.body ?? {});
      return view();
    },
  );
}
