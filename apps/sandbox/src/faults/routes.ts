import type { FastifyInstance } from 'fastify';
import { FAULT_MODES, FAULT_SYSTEMS, type FaultMode, type FaultSystem, type Faults } from './faults.ts';

const faultSchema = {
  type: 'object',
  properties: {
    system: { type: 'string', enum: [...FAULT_SYSTEMS] },
    mode: { type: 'string', enum: [...FAULT_MODES] },
    until: { type: 'string', format: 'date-time' },
    match: { type: 'string' },
  },
} as const;

export function registerFaultRoutes(app: FastifyInstance, faults: Faults) {
  app.post<{ Body: { system: FaultSystem; mode: FaultMode; seconds: number; match?: string } }>(
    '/sandbox/api/faults',
    {
      schema: {
        tags: ['faults'],
        summary:
          'Make a simulated system fail for a while: every request, or only those whose path contains `match` (a service id, a number)',
        body: {
          type: 'object',
          required: ['system', 'mode', 'seconds'],
          additionalProperties: false,
          properties: {
            system: { type: 'string', enum: [...FAULT_SYSTEMS] },
            mode: { type: 'string', enum: [...FAULT_MODES] },
            seconds: { type: 'number', minimum: 0, maximum: 3600 },
            match: { type: 'string', minLength: 4, maxLength: 100 },
          },
        },
        response: { 200: faultSchema },
      },
    },
    async (request) => {
      const { system, mode, seconds, match } = request.body;
      return faults.set(system, mode, seconds, match);
    },
  );
  app.get(
    '/sandbox/api/faults',
    {
      schema: {
        tags: ['faults'],
        summary: 'Faults in effect',
        response: { 200: { type: 'array', items: faultSchema } },
      },
    },
    async () => faults.list(),
  );
  app.delete<{ Querystring: { system?: FaultSystem; match?: string } }>(
    '/sandbox/api/faults',
    {
      schema: {
        tags: ['faults'],
        summary: "End a system's faults (only the one for `match`, when given), or all of them",
        querystring: {
          type: 'object',
          properties: { system: { type: 'string', enum: [...FAULT_SYSTEMS] }, match: { type: 'string' } },
        },
      },
    },
    async (request, reply) => {
      faults.clear(request.query.system, request.query.match);
      return reply.status(204).send();
    },
  );
}
